/**
 * Initial schema: the data model of DESIGN.md section 4.
 * User data (reviews, play_history, lyric_tasks) has no cascading delete from works:
 * works are hidden with removed_at, never deleted, when their folders vanish.
 * @param {import('knex').Knex} knex
 */
export async function up(knex) {
  await knex.schema.createTable('circles', (t) => {
    t.integer('id').primary();
    t.string('name').notNullable();
  });
  await knex.schema.createTable('vas', (t) => {
    t.string('id', 36).primary(); // UUIDv5 of the name
    t.string('name').notNullable();
  });
  await knex.schema.createTable('tags', (t) => {
    t.integer('id').primary();
    t.string('name');
  });
  await knex.schema.createTable('works', (t) => {
    t.integer('id').primary(); // numeric part of the work code
    t.string('code_prefix', 2).notNullable().defaultTo('RJ');
    t.string('title').notNullable();
    t.integer('circle_id').references('circles.id');
    t.boolean('nsfw').notNullable().defaultTo(false);
    t.string('release', 10); // YYYY-MM-DD
    t.integer('price').notNullable().defaultTo(0);
    t.integer('dl_count').notNullable().defaultTo(0);
    t.integer('review_count').notNullable().defaultTo(0);
    t.integer('rate_count').notNullable().defaultTo(0);
    t.double('rate_average_2dp').notNullable().defaultTo(0); // double: 8 bytes on both engines (knex float is PostgreSQL's 4-byte real)
    t.text('rate_count_detail').notNullable().defaultTo('[]'); // JSON [{review_point,count,ratio}]
    t.text('rank'); // JSON
    t.string('series');
    t.string('lyric_status').notNullable().defaultTo(''); // '', local, ai, ai_local
    t.integer('status').notNullable().defaultTo(3); // trial catalogue status, DESIGN section 7; 3 = in library
    t.string('root_folder'); // name of the configured root (or the scanned folder)
    t.text('dir'); // absolute path of the work folder
    t.integer('cover_file_id'); // the work's own image until metadata gives a cover
    t.string('cover_status').notNullable().defaultTo('none'); // none, local, fetched
    t.string('metadata_source').notNullable().defaultTo('folder'); // folder, dlsite, hvdb
    t.string('metadata_status').notNullable().defaultTo('pending'); // pending, ok, failed
    t.text('metadata_error');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('removed_at');
    t.string('removed_reason'); // missing (folder vanished) or deleted (by an admin)
    t.index(['status', 'removed_at', 'release', 'id'], 'works_list_release');
    t.index(['circle_id']);
  });
  await knex.schema.createTable('work_vas', (t) => {
    t.integer('work_id').notNullable().references('works.id').onDelete('CASCADE');
    t.string('va_id', 36).notNullable().references('vas.id').onDelete('CASCADE');
    t.primary(['work_id', 'va_id']);
    t.index(['va_id', 'work_id']);
  });
  await knex.schema.createTable('work_tags', (t) => {
    t.integer('work_id').notNullable().references('works.id').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('tags.id').onDelete('CASCADE');
    t.primary(['work_id', 'tag_id']);
    t.index(['tag_id', 'work_id']);
  });
  await knex.schema.createTable('files', (t) => {
    t.increments('id');
    t.integer('work_id').notNullable().references('works.id').onDelete('CASCADE');
    t.text('relpath').notNullable(); // path inside the work folder, '/' separated
    t.string('type', 8).notNullable(); // audio, text, image, other
    t.bigInteger('size').notNullable();
    t.bigInteger('mtime').notNullable(); // ms since epoch
    t.double('duration'); // seconds, audio only
    t.integer('audio_file_id').references('files.id').onDelete('SET NULL'); // lyric file -> its audio
    t.unique(['work_id', 'relpath']);
    t.index(['audio_file_id']);
  });
  await knex.schema.createTable('users', (t) => {
    t.string('name').primary();
    t.string('password').notNullable(); // scrypt$N$r$p$salt$hash
    t.string('group').notNullable().defaultTo('user'); // admin, user, guest
    t.integer('token_version').notNullable().defaultTo(0); // bumped on password change: older tokens are refused
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
  });
  await knex.schema.createTable('reviews', (t) => {
    t.string('user_name').notNullable();
    t.integer('work_id').notNullable();
    t.integer('rating');
    t.text('review_text');
    t.string('progress'); // marked, listening, listened, replay, postponed
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.primary(['user_name', 'work_id']);
    t.index(['user_name', 'updated_at']);
  });
  await knex.schema.createTable('play_history', (t) => {
    t.string('user_name').notNullable();
    t.integer('work_id').notNullable();
    t.text('state').notNullable(); // JSON {queue, index, seconds}
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.primary(['user_name', 'work_id']);
    t.index(['user_name', 'updated_at']);
  });
  await knex.schema.createTable('lyric_tasks', (t) => {
    t.increments('id');
    t.integer('work_id').notNullable();
    t.integer('file_id');
    t.text('audio_path').notNullable(); // file name shown in the centre (relpath inside the work)
    t.integer('status').notNullable().defaultTo(1); // 0 none, 1 pending, 2 transcribing, 3 success, 4 error
    t.string('worker_name');
    t.text('worker_status');
    t.string('claim_secret');
    t.timestamp('claimed_at');
    t.timestamp('heartbeat_at');
    t.text('lrc_path');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.index(['work_id']);
    t.index(['status']);
  });
  await knex.schema.createTable('scan_runs', (t) => {
    t.increments('id');
    t.string('kind').notNullable(); // scan, refresh, lyrics, work
    t.string('status').notNullable().defaultTo('running'); // running, finished, failed, killed
    t.integer('pid');
    t.string('host');
    t.text('lock_reason');
    t.text('counts'); // JSON {added, updated, skipped, failed, duplicates}
    t.timestamp('started_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('heartbeat_at');
    t.timestamp('finished_at');
    t.index(['status']);
  });
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  for (const table of ['scan_runs', 'lyric_tasks', 'play_history', 'reviews', 'users', 'files', 'work_tags', 'work_vas', 'works', 'tags', 'vas', 'circles']) {
    await knex.schema.dropTableIfExists(table);
  }
}
