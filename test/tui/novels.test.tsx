/**
 * The TUI's novel tab (9): the novel section's list with its sorts and a novel's page,
 * read only, from a real SQLite data directory (local mode) and from a running server
 * (remote mode).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../src/tui/app.js';
import { LocalSource } from '../../src/tui/data/local.js';
import { RemoteSource } from '../../src/tui/data/remote.js';
import { openMigrated } from '../../src/db/index.js';
import { ensureAdmin } from '../../src/users/index.js';
import { addNovel, saveTxt } from '../../src/novels/index.js';
import { ADMIN_PASSWORD, startTestServer, tempDataDir, type TestServer } from '../helpers/server.js';
import { renderTerminal, type Terminal } from './render.js';

const seek = { rewindSeekTime: 5, forwardSeekTime: 30 };
const FORM = { url: '', novelId: null, author: null, desc: '', info: '', process: 1 as const, wordCount: 0, tag: [], publish_datetime: '', plat: '', rate: 3, myProcess: null, readCount: 0 };

let dataDir: string;
let source: LocalSource;
let term: Terminal | null = null;

beforeAll(async () => {
  dataDir = tempDataDir('audiolib-tui-novels-');
  const db = await openMigrated(dataDir);
  await ensureAdmin(db, ADMIN_PASSWORD);
  await addNovel(db, 'admin', { ...FORM, novelId: 20481, name: '星河旅人', author: { id: null, label: '林雨' }, tag: ['科幻'], process: 0, wordCount: 356000, plat: '示例小说站',
    desc: '一名少女在星河间旅行。', info: `${'灯塔'.repeat(60)}\n第一百章 灯塔`, myProcess: 0, publish_datetime: '2024-05-01T12:30' });
  await addNovel(db, 'admin', { ...FORM, novelId: 30001, name: '雾中的钟声', wordCount: 125000, publish_datetime: '2023-01-01T00:00' });
  await saveTxt(db, dataDir, 20481, '星河.txt', Buffer.from('第一章\n'));
  await db.destroy();
  source = await LocalSource.open(dataDir, 'admin');
});
afterAll(async () => { await source.close(); });
afterEach(() => { term?.unmount(); term = null; });

const cursorLine = (frame: string) => frame.split('\n').find((l) => l.startsWith('› ')) ?? '';

describe('novel tab', () => {
  it('9 opens the novel list: titles, status and 万字; s and o sort as the web UI names it', async () => {
    term = renderTerminal(<App source={source} player={null} playerMissing="no mpv" seek={seek} columns={80} rows={24} />, 80, 24);
    await term.waitFor('All works');
    await term.press('9');
    const frame = await term.waitFor('All novels (2)');
    expect(frame.split('\n')[0]).toBe('1 Works 2 Circles 3 Tags 4 VAs 5 Favourites 6 Queue 7 Playing 8 Trial 9 Novels'); // all nine tabs in 80 columns
    expect(frame).toContain('Date added ↓');
    expect(cursorLine(frame)).toContain('雾中的钟声');
    expect(frame).toMatch(/星河旅人 +Complete · 35\.6万字/);
    expect(frame).toMatch(/雾中的钟声 +Serial · 12\.5万字/);
    await term.press('s');
    await term.waitFor((f) => f.includes('Publish time ↓') && cursorLine(f).includes('星河旅人'));
    await term.press('o');
    await term.waitFor((f) => f.includes('Publish time ↑') && cursorLine(f).includes('雾中的钟声'));
    await term.press('s', 's', 's');
    await term.waitFor('Word count ↑');
  });

  it('enter opens the novel\'s page, read only, scrolled with j; q goes back to the list', async () => {
    term = renderTerminal(<App source={source} player={null} playerMissing="no mpv" seek={seek} columns={60} rows={16} />, 60, 16);
    await term.press('9');
    await term.waitFor('All novels (2)');
    await term.press('j', 'enter');
    const page = await term.waitFor('author: 林雨');
    expect(page).toContain('星河旅人');
    expect(page).toContain('Complete · 35.6万字 · ★3 · 0 reads');
    expect(page).toContain('site: 示例小说站');
    expect(page).toContain('tags: 科幻');
    expect(page).toContain('progress: Watching');
    expect(page).toContain('published: 2024-05-01 12:30');
    expect(page).toMatch(/TXT: 星河\.txt \(1 KB, uploaded as UTF-8\)/);
    expect(page).not.toContain('第一百章 灯塔');
    await term.press('G');
    await term.waitFor('第一百章 灯塔');
    await term.press('q');
    await term.waitFor('All novels (2)');
  });
});

describe('remote mode', () => {
  let srv: TestServer;
  beforeAll(async () => { srv = await startTestServer({ dataDir }); }, 60_000);
  afterAll(async () => { await srv.close(); });

  it('reads the same novels through /api/novel/*', async () => {
    const remote = await RemoteSource.connect(srv.url, 'admin', async () => ADMIN_PASSWORD);
    const list = await remote.novels({ page: 1, order: 'wordCount', sort: 'desc' });
    expect(list.works.map((n) => n.title)).toEqual(['星河旅人', '雾中的钟声']);
    expect(list.pagination.totalCount).toBe(2);
    expect(await remote.novel(20481)).toMatchObject({ title: '星河旅人', myProcess: 0, wordCount: 356000 });
    await expect(remote.novel(1)).rejects.toThrow('novel not found');
  });
});
