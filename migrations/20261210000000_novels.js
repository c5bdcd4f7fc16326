/**
 * The novel section (DESIGN sections 4 and 7, src/novels/README.md): novels, their sites
 * (circles), authors and tags with their links, and the users' novel reviews and history.
 * The tables keep the audio side's column names (works -> novels, circles, tags, vas,
 * work_tags, work_vas, reviews, play_history) so the one list engine of src/catalogue runs
 * over both (src/catalogue/definition.ts). Plain schema calls: the same on PostgreSQL.
 * User data (novel_reviews, novel_history) has no cascading delete from novels: a deleted
 * novel is hidden (removed_at), never removed.
 * Triggers (./lib/dialect.js) bump row 2 of `catalogue_version` on every change of the novel
 * catalogue, so its cached lists (src/catalogue/cache.ts) are recomputed.
 * @param {import('knex').Knex} knex
 */

import { createVersionTriggers, dropVersionTriggers } from './lib/dialect.js';

const ORDERS = ['created_at', 'release', 'rate', 'read_count', 'word_count', 'circle_id'];
const CATALOGUE = ['novels', 'novel_circles', 'novel_tags', 'novel_authors', 'novel_work_tags', 'novel_work_authors'];

export async function up(knex) {
  await knex.schema.createTable('novel_circles', (t) => {
    t.increments('id'); // the site a novel comes from (the add form's plat)
    t.string('name').notNullable().unique();
  });
  await knex.schema.createTable('novel_authors', (t) => {
    t.string('id', 36).primary(); // UUIDv5 of the name, as vas
    t.string('name').notNullable();
  });
  await knex.schema.createTable('novel_tags', (t) => {
    t.increments('id');
    t.string('name').notNullable().unique();
  });
  await knex.schema.createTable('novels', (t) => {
    t.integer('id').primary(); // the add form's Id, or the next free one
    t.string('title').notNullable();
    t.text('description').notNullable().defaultTo(''); // the short description (`desc` on the wire)
    t.text('info').notNullable().defaultTo(''); // the long info text
    t.text('url').notNullable().defaultTo(''); // the origin page (the spider's link)
    t.integer('circle_id').references('novel_circles.id');
    t.boolean('nsfw').notNullable().defaultTo(false);
    t.string('release', 32); // publish time, ISO 8601
    t.integer('rate').notNullable().defaultTo(3); // the novel's own rating 0..5
    t.integer('read_count').notNullable().defaultTo(0);
    t.integer('word_count').notNullable().defaultTo(0);
    t.integer('process').notNullable().defaultTo(1); // 0 complete, 1 serial
    t.string('lyric_status').notNullable().defaultTo(''); // novels have no lyrics; kept for the shared lyric filter
    t.text('cover_url'); // where the cover was fetched from
    t.string('cover_file'); // file name under novels/covers/, null: none
    t.string('txt_name'); // the uploaded TXT's own name (display only; stored as novels/{id}.txt)
    t.integer('txt_size');
    t.string('txt_encoding');
    t.timestamp('txt_uploaded_at');
    t.timestamp('created_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.timestamp('removed_at');
    t.string('removed_reason'); // deleted (by an admin)
    for (const col of ORDERS) t.index(['removed_at', col, 'id'], `novels_list_${col}`);
  });
  await knex.schema.createTable('novel_work_tags', (t) => {
    t.integer('work_id').notNullable().references('novels.id').onDelete('CASCADE');
    t.integer('tag_id').notNullable().references('novel_tags.id').onDelete('CASCADE');
    t.primary(['work_id', 'tag_id']);
    t.index(['tag_id', 'work_id']);
  });
  await knex.schema.createTable('novel_work_authors', (t) => {
    t.integer('work_id').notNullable().references('novels.id').onDelete('CASCADE');
    t.string('va_id', 36).notNullable().references('novel_authors.id').onDelete('CASCADE');
    t.primary(['work_id', 'va_id']);
    t.index(['va_id', 'work_id']);
  });
  await knex.schema.createTable('novel_reviews', (t) => {
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
  await knex.schema.createTable('novel_history', (t) => {
    t.string('user_name').notNullable();
    t.integer('work_id').notNullable();
    t.text('state').notNullable(); // JSON {queue, index, seconds}
    t.timestamp('updated_at').notNullable().defaultTo(knex.fn.now());
    t.primary(['user_name', 'work_id']);
    t.index(['user_name', 'updated_at']);
  });
  await knex('catalogue_version').insert({ id: 2, version: 0 });

  await createVersionTriggers(knex, 'novel_version', 2, CATALOGUE);
}

/** @param {import('knex').Knex} knex */
export async function down(knex) {
  await dropVersionTriggers(knex, 'novel_version', CATALOGUE);
  await knex('catalogue_version').where({ id: 2 }).delete();
  for (const table of ['novel_history', 'novel_reviews', 'novel_work_authors', 'novel_work_tags', 'novels', 'novel_tags', 'novel_authors', 'novel_circles']) {
    await knex.schema.dropTableIfExists(table);
  }
}
