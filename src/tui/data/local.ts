/**
 * Local data source: the data directory's database read directly through the domain
 * functions (src/catalogue, src/users, src/library), files played from disk after the
 * same checks the media route makes (resolveMediaFile), history saved with the same
 * domain function PUT /api/histroy calls.
 */
import {
  parseTrackHash, type FavouriteOrder, type HistoryState, type ListItem, type NovelsAnswer, type NovelWork, type TrackNode, type User, type Work, type WorkOrder, type WorksAnswer,
} from '../../model/index.js';
import { LIBRARY, listNames, listWorks, getWork } from '../../catalogue/index.js';
import { NOVEL_CATALOGUE } from '../../novels/catalogue.js';
import { loadConfig } from '../../config/index.js';
import { openMigrated, type Db } from '../../db/index.js';
import { getAudioLyric, resolveMediaFile } from '../../library/media.js';
import { getTrackTree } from '../../library/tree.js';
import { parseLrc, type LrcLine } from '../../lyrics/lrc.js';
import { findUser } from '../../users/accounts.js';
import { listHistory, saveHistory } from '../../users/history.js';
import { listReviews } from '../../users/reviews.js';
import { SourceError, type DataSource, type FavouritesQuery, type NameKind, type NovelsQuery, type SharedConfig, type WorksQuery } from './source.js';

/** Rows per page the local source answers (the TUI scrolls; no reason to stay at 12). */
const LOCAL_PAGE_SIZE = 50;

/** Reads a library track hash '{workId}/{fileId}'; throws SourceError otherwise (the trial form included). */
function parseHash(hash: string): { workId: number; fileId: number } {
  const parsed = parseTrackHash(hash);
  if (!parsed || parsed.trial) throw new SourceError(`not a track of the library: ${hash}`);
  return parsed;
}

export class LocalSource implements DataSource {
  readonly kind = 'local' as const;
  private constructor(private readonly db: Db, private readonly dataDir: string, readonly user: User) {}

  get label(): string { return this.dataDir; }

  /**
   * Opens (and migrates) the data directory's database; the listener is `userName`,
   * which must be an existing account (SourceError otherwise).
   */
  static async open(dataDir: string, userName: string, dbUrl?: string): Promise<LocalSource> {
    const db = await openMigrated(dataDir, dbUrl);
    const row = await findUser(db, userName);
    if (!row) {
      await db.destroy();
      throw new SourceError(`no user '${userName}' in ${dataDir}: pass --user NAME (see audiolib user list)`);
    }
    return new LocalSource(db, dataDir, { name: row.name, group: row.group });
  }

  works(q: WorksQuery): Promise<WorksAnswer> {
    return listWorks(this.db, {
      filter: { nsfw: q.nsfw, lyric: q.lyric, circleId: q.circleId, tagId: q.tagId, vaId: q.vaId, keyword: q.keyword, advanced: q.advanced },
      order: q.order as WorkOrder, sort: q.sort, seed: q.seed, page: q.page, pageSize: LOCAL_PAGE_SIZE, viewer: this.user.name,
    });
  }

  names(kind: NameKind): Promise<ListItem<number | string>[]> { return listNames(this.db, kind); }

  async work(id: number): Promise<Work> {
    const work = await getWork(this.db, id, this.user.name);
    if (!work) throw new SourceError('work not found', 404);
    return work;
  }

  async tracks(id: number): Promise<TrackNode[]> {
    const tree = await getTrackTree(this.db, id);
    if (!tree) throw new SourceError('work not found', 404);
    return tree;
  }

  favourites(q: FavouritesQuery): Promise<WorksAnswer> {
    const query = { order: q.order as FavouriteOrder, sort: q.sort, page: q.page, pageSize: LOCAL_PAGE_SIZE, progress: q.mode === 'progress' ? q.progress : undefined };
    return q.mode === 'history' ? listHistory(this.db, this.user.name, query) : listReviews(this.db, this.user.name, query);
  }

  async saveHistory(workId: number, state: HistoryState): Promise<void> {
    if (this.user.group === 'guest') return; // guests read and play but do not write
    await saveHistory(this.db, this.user.name, workId, state);
  }

  novels(q: NovelsQuery): Promise<NovelsAnswer> {
    return listWorks(this.db, { filter: LIBRARY, order: q.order, sort: q.sort, seed: 0, page: q.page, pageSize: LOCAL_PAGE_SIZE, viewer: this.user.name, catalogue: NOVEL_CATALOGUE });
  }

  async novel(id: number): Promise<NovelWork> {
    const novel = await getWork(this.db, id, this.user.name, NOVEL_CATALOGUE);
    if (!novel) throw new SourceError('novel not found', 404);
    return novel;
  }

  async sharedConfig(): Promise<SharedConfig> {
    const config = loadConfig(this.dataDir);
    return { rewindSeekTime: config.rewindSeekTime, forwardSeekTime: config.forwardSeekTime };
  }

  /** The configured library roots, read from config.json on each use (files resolve within them). */
  private roots() { return loadConfig(this.dataDir).rootFolders; }

  async mediaLocation(hash: string): Promise<string> {
    const { workId, fileId } = parseHash(hash);
    const file = await resolveMediaFile(this.db, workId, fileId, this.roots());
    if (!file) throw new SourceError('file not found', 404);
    return file.path;
  }

  async lyric(hash: string): Promise<LrcLine[] | null> {
    const { workId, fileId } = parseHash(hash);
    const found = await getAudioLyric(this.db, workId, fileId);
    if (!found?.lyric) return null;
    const file = await resolveMediaFile(this.db, workId, found.lyric.fileId, this.roots());
    if (!file) return null;
    const { readLyricFileAsLrc } = await import('../../lyrics/decode.js'); // encodings: loaded on first use
    return parseLrc(readLyricFileAsLrc(file.path));
  }

  async close(): Promise<void> { await this.db.destroy(); }
}
