/**
 * Builds the synthetic catalogue of the catalogue benchmark directly in a SQLite file:
 * 100,000 works with 8 audio files each (every other work in `mp3/` and `wav/` variants),
 * 3,000 circles, 2,000 VAs, 500 tags, 10 users (`bench0`..`bench9`,
 * password `bench-password`) with 300 reviews and 100 history records each.
 * Deterministic (fixed PRNG seed). Needs `npm run build:server` (imports dist/).
 *
 *   node bench/catalogue/seed.js DATA_DIR [--works N]
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openMigrated, sqlitePath } from '../../dist/db/index.js';
import { createUser } from '../../dist/users/index.js';
import { ensureDataDir } from '../../dist/config/index.js';

export const BENCH_PASSWORD = 'bench-password';
export const COUNTS = { works: 100_000, filesPerWork: 8, circles: 3_000, vas: 2_000, tags: 500, users: 10, reviewsPerUser: 300, historyPerUser: 100 };

/** Mulberry32: a small deterministic PRNG, so every run builds the same catalogue. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = ['癒やし', '耳かき', '雨音', 'おやすみ', '添い寝', 'バイノーラル', '囁き', 'マッサージ', '夏祭り', '図書館', '幼なじみ', 'お姉さん', '後輩', '先輩', 'メイド', '天使', '悪魔', '魔女', '猫耳', '狐', '温泉', '旅館', '電車', '雪', '星空', '月夜', '海辺', '花火', 'Healing', 'Sleep', 'Rain', 'Night', 'Whisper', 'Morning', 'Academy', 'Succubus', 'Angel', 'Cafe', 'Library', 'Forest', 'Ocean', 'Ear', 'Cleaning', 'Heartbeat', 'Lullaby', 'Story', 'Diary', 'Letter', 'Garden', 'Festival'];

/** Fills `dataDir`'s database with the synthetic catalogue; returns the counts used. */
export async function seedCatalogue(dataDir, works = COUNTS.works) {
  ensureDataDir(dataDir);
  const db = await openMigrated(dataDir);
  const rnd = prng(20261121);
  const pick = (arr) => arr[Math.floor(rnd() * arr.length)];
  const int = (n) => Math.floor(rnd() * n);
  const vaIds = Array.from({ length: COUNTS.vas }, (_, i) => crypto.createHash('sha1').update(`va${i}`).digest('hex').slice(0, 32).replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, '$1-$2-$3-$4-$5'));
  const now = Date.now();

  await db.transaction(async (trx) => {
    const batch = async (table, rows) => {
      for (let i = 0; i < rows.length; i += 100) await trx(table).insert(rows.slice(i, i + 100));
    };
    await batch('circles', Array.from({ length: COUNTS.circles }, (_, i) => ({ id: i + 1, name: `サークル${i + 1} ${pick(WORDS)}` })));
    await batch('vas', vaIds.map((id, i) => ({ id, name: `声優${i + 1} ${pick(WORDS)}` })));
    await batch('tags', Array.from({ length: COUNTS.tags }, (_, i) => ({ id: i + 1, name: `タグ${i + 1}${pick(WORDS)}` })));
    let workRows = [];
    let tagRows = [];
    let vaRows = [];
    let fileRows = [];
    // written every 10,000 works, so a 1,000,000-work seed does not hold every row in memory
    const flush = async () => {
      await batch('works', workRows);
      await batch('work_tags', tagRows);
      await batch('work_vas', vaRows);
      await batch('files', fileRows);
      workRows = []; tagRows = []; vaRows = []; fileRows = [];
    };
    const frnd = prng(8); // its own sequence: the works are the same as in seeds without files
    for (let i = 0; i < works; i++) {
      const id = 100_000 + i * 7;
      const day = new Date(now - int(365 * 15) * 86_400_000).toISOString().slice(0, 10);
      const rateCount = int(500);
      workRows.push({
        id, code_prefix: 'RJ', title: `${pick(WORDS)}${pick(WORDS)} ${pick(WORDS)}の${pick(WORDS)} 第${int(20) + 1}話`,
        circle_id: 1 + int(COUNTS.circles), nsfw: rnd() < 0.6, release: day, price: 110 * (1 + int(30)),
        dl_count: int(50_000), review_count: int(300), rate_count: rateCount,
        rate_average_2dp: rateCount ? Math.round((1 + rnd() * 4) * 100) / 100 : 0,
        rate_count_detail: JSON.stringify([5, 4, 3, 2, 1].map((p) => ({ review_point: p, count: 0, ratio: 0 }))),
        lyric_status: pick(['', '', '', 'local', 'ai', 'ai_local']), status: 3,
        created_at: new Date(now - int(1_000) * 3_600_000).toISOString(), updated_at: new Date(now).toISOString(),
      });
      const tags = new Set(Array.from({ length: 2 + int(5) }, () => 1 + int(COUNTS.tags)));
      for (const tag of tags) tagRows.push({ work_id: id, tag_id: tag });
      const vas = new Set(Array.from({ length: 1 + int(3) }, () => pick(vaIds)));
      for (const va of vas) vaRows.push({ work_id: id, va_id: va });
      for (let f = 0; f < COUNTS.filesPerWork; f++) {
        const folder = i % 2 ? (f < COUNTS.filesPerWork / 2 ? 'mp3/' : 'wav/') : '';
        const n = String(folder ? (f % (COUNTS.filesPerWork / 2)) + 1 : f + 1).padStart(2, '0');
        const wav = folder === 'wav/';
        fileRows.push({ work_id: id, relpath: `${folder}${n} track.${wav ? 'wav' : 'mp3'}`, type: 'audio', size: Math.floor(frnd() * (wav ? 500e6 : 50e6)), mtime: now, duration: 60 + Math.floor(frnd() * 3600) });
      }
      if (workRows.length === 10_000) await flush();
    }
    await flush();
  });

  for (let u = 0; u < COUNTS.users; u++) {
    const name = `bench${u}`;
    await createUser(db, name, BENCH_PASSWORD, 'user');
    await db.transaction(async (trx) => {
      const reviewed = new Set(Array.from({ length: COUNTS.reviewsPerUser }, () => 100_000 + int(works) * 7));
      const rows = [...reviewed].map((work_id) => ({
        user_name: name, work_id, rating: rnd() < 0.8 ? 1 + int(5) : null, review_text: rnd() < 0.3 ? 'よかった' : null,
        progress: pick([null, 'marked', 'listening', 'listened', 'replay', 'postponed']),
        updated_at: new Date(now - int(100_000) * 60_000).toISOString(),
      }));
      for (let i = 0; i < rows.length; i += 100) await trx('reviews').insert(rows.slice(i, i + 100));
      const played = [...reviewed].slice(0, COUNTS.historyPerUser);
      const state = JSON.stringify({ queue: [{ hash: '1/1', title: '01.mp3' }], index: 0, seconds: 12.5 });
      for (let i = 0; i < played.length; i += 100) {
        await trx('play_history').insert(played.slice(i, i + 100).map((work_id) => ({ user_name: name, work_id, state, updated_at: new Date(now - int(100_000) * 60_000).toISOString() })));
      }
    });
  }
  await db.raw('ANALYZE');
  await db.destroy();
  return { ...COUNTS, works, file: sqlitePath(dataDir) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = process.argv[2];
  if (!dataDir) {
    process.stderr.write('usage: node bench/catalogue/seed.js DATA_DIR [--works N]\n');
    process.exit(2);
  }
  const n = process.argv.indexOf('--works');
  const started = Date.now();
  const result = await seedCatalogue(path.resolve(dataDir), n > 0 ? Number(process.argv[n + 1]) : undefined);
  process.stderr.write(`seeded ${result.works} works into ${result.file} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
}
