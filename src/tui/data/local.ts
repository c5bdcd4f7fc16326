/**
 * Local data source: the data directory's database through the same domain functions
 * the routes call (src/catalogue, src/users, src/library, src/trial, src/playlists,
 * src/lyrics), with the same rules: who may write (src/model/policy.ts, as the routes'
 * `requireWriter`), files played from disk after the media route's checks
 * (resolveMediaFile, in the hash's scope), a track's lyric by the server's lookup
 * (src/lyrics/lookup.ts: the lyric file, else the AI lyric). A domain refusal reaches the
 * screens as a SourceError with the text the route answers.
 */
import fs from 'node:fs';
import {
  DomainError, WorkStatus, parseTrackHash, type FavouriteOrder, type HistoryState, type ListItem, type NovelsAnswer, type NovelWork, type PlaylistAnswer, type PlaylistSummary, type TrackNode, type User, type Work, type WorkOrder, type WorksAnswer,
} from '../../model/index.js';
import { LIBRARY, listNames, listWorks, getWork, readContext, type ReadContext } from '../../catalogue/index.js';
import { NOVEL_CATALOGUE } from '../../novels/catalogue.js';
import { loadConfig } from '../../config/index.js';
import { openMigrated, type Db } from '../../db/index.js';
import { resolveMediaFile, scopeRoots } from '../../library/media.js';
import type { Scope } from '../../catalogue/visible.js';
import { dislikeTrialWork } from '../../trial/status.js';
import { getTrackTree } from '../../library/tree.js';
import { findUser } from '../../users/accounts.js';
import { listHistory, saveHistory } from '../../users/history.js';
import { listReviews, saveReview } from '../../users/reviews.js';
import { assertWriter, canWrite } from '../../model/index.js';
import { getPlaylist, listPlaylists } from '../../playlists/store.js';
import type { TrackLyric } from '../../lyrics/track-lyric.js';
import {
  SourceError, assertReviewer, type DataSource, type FavouritesQuery, type NameKind, type NovelsQuery, type ReviewFields, type SharedConfig, type WorksQuery,
} from './source.js';

/** Rows per page the local source answers (the TUI scrolls; no reason to stay at 12). */
const LOCAL_PAGE_SIZE = 50;

/** Reads a track hash, '{workId}/{fileId}' (the library) or 'rj{workId}/{fileId}' (the trial catalogue); throws SourceError otherwise. */
function parseHash(hash: string): { workId: number; fileId: number; scope: Scope } {
  const parsed = parseTrackHash(hash);
  if (!parsed) throw new SourceError(`not a track hash: ${hash}`);
  return { ...parsed, scope: parsed.trial ? 'trial' : 'library' };
}

/** Runs a domain call; its refusal (a domain error: a guest, a work not found...) becomes a SourceError with the same text. */
async function refusing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw err instanceof DomainError ? new SourceError(err.message) : err;
  }
}

export class LocalSource implements DataSource {
  readonly kind = 'local' as const;
  private constructor(private readonly db: Db, private readonly dataDir: string, readonly user: User) {}

  get label(): string { return this.dataDir; }

  /** A read context for one call (src/catalogue/context.ts): the catalogue's version is read once per call, as once per request on the server. */
  private read(): ReadContext { return readContext(this.db, this.user); }

  /**
   * Opens (and migrates) the data directory's database; the listener is `userName`,
   * which must be an existing account (SourceError otherwise).
   */
  static async open(dataDir: string, userName: string, dbUrl?: string): Promise<LocalSource> {
    const db = await openMigrated(dataDir, dbUrl);
    const row = await findUser(db, userName);
    if (!row) {
      await db.destroy();
      // the admin account is made by the server's first start, never by `user add`
      if (userName === 'admin') throw new SourceError(`no user 'admin' in ${dataDir} yet: \`audiolib serve\` creates it (and prints its password) on its first start; or pass --user NAME of an existing user (audiolib user list)`);
      throw new SourceError(`no user '${userName}' in ${dataDir}: pass --user NAME (see audiolib user list)`);
    }
    return new LocalSource(db, dataDir, { name: row.name, group: row.group });
  }

  works(q: WorksQuery): Promise<WorksAnswer> {
    return listWorks(this.read(), {
      filter: { nsfw: q.nsfw, lyric: q.lyric, circleId: q.circleId, tagId: q.tagId, vaId: q.vaId, keyword: q.keyword, advanced: q.advanced },
      order: q.order as WorkOrder, sort: q.sort, seed: q.seed, page: q.page, pageSize: LOCAL_PAGE_SIZE,
    });
  }

  names(kind: NameKind): Promise<ListItem<number | string>[]> { return listNames(this.read(), kind); }

  async work(id: number): Promise<Work> {
    const work = await getWork(this.read(), id);
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
    return q.mode === 'history' ? listHistory(this.read(), query) : listReviews(this.read(), query);
  }

  async saveHistory(workId: number, state: HistoryState): Promise<void> {
    if (!canWrite(this.user)) return; // guests play, but their history is not saved (PUT /api/histroy refuses them)
    await saveHistory(this.db, this.user.name, workId, state);
  }

  playlists(): Promise<PlaylistSummary[]> { return listPlaylists(this.db, this.user); }

  playlist(id: number): Promise<PlaylistAnswer['playlist']> {
    return refusing(() => getPlaylist(this.db, this.user, id));
  }

  trialWorks(page: number): Promise<WorksAnswer> {
    return listWorks(this.read(), {
      filter: { nsfw: 0, lyric: [], scope: 'trial', status: WorkStatus.NewTrial }, order: 'release', sort: 'desc', seed: 0, page, pageSize: LOCAL_PAGE_SIZE,
    });
  }

  async trialTracks(id: number): Promise<TrackNode[]> {
    const tree = await getTrackTree(this.db, id, 'trial');
    if (!tree) throw new SourceError('work not found', 404);
    return tree;
  }

  async dislike(id: number): Promise<void> {
    await refusing(async () => {
      assertWriter(this.user);
      await dislikeTrialWork(this.db, id);
    });
  }

  novels(q: NovelsQuery): Promise<NovelsAnswer> {
    return listWorks(this.read(), { filter: LIBRARY, order: q.order, sort: q.sort, seed: 0, page: q.page, pageSize: LOCAL_PAGE_SIZE, catalogue: NOVEL_CATALOGUE });
  }

  async novel(id: number): Promise<NovelWork> {
    const novel = await getWork(this.read(), id, { catalogue: NOVEL_CATALOGUE });
    if (!novel) throw new SourceError('novel not found', 404);
    return novel;
  }

  async sharedConfig(): Promise<SharedConfig> {
    const config = loadConfig(this.dataDir);
    return { rewindSeekTime: config.rewindSeekTime, forwardSeekTime: config.forwardSeekTime };
  }

  /** The folders files of `scope` resolve within (library roots or trial folder), read from config.json on each use. */
  private roots(scope: Scope) { return scopeRoots(loadConfig(this.dataDir), this.dataDir, scope); }

  /** The database, data directory and config, read from config.json on each use: what the server's services hold. */
  private services() { return { db: this.db, dataDir: this.dataDir, config: loadConfig(this.dataDir) }; }

  async mediaLocation(hash: string): Promise<string> {
    const { workId, fileId, scope } = parseHash(hash);
    const file = await resolveMediaFile(this.db, workId, fileId, this.roots(scope), scope);
    if (!file) throw new SourceError('file not found', 404);
    return file.path;
  }

  /** The server's lookup (src/lyrics/lookup.ts, as the players' API): the local lyric file, else a matching AI lyric. */
  async lyric(hash: string, title: string): Promise<TrackLyric | null> {
    const track = parseHash(hash);
    const { findTrackLyric } = await import('../../lyrics/lookup.js'); // encodings: loaded on first use
    return findTrackLyric(this.services(), track, title);
  }

  async textFile(hash: string): Promise<string> {
    const { workId, fileId, scope } = parseHash(hash);
    const file = await resolveMediaFile(this.db, workId, fileId, this.roots(scope), scope);
    if (!file || file.type !== 'text') throw new SourceError('file not found', 404);
    const { TEXT_DECODE_LIMIT, decodeText } = await import('../../lyrics/decode.js'); // encodings: loaded on first use
    if (file.size > TEXT_DECODE_LIMIT) throw new SourceError(`${file.name}: too large to show here (${Math.ceil(file.size / 1048576)} MiB)`);
    return decodeText(await fs.promises.readFile(file.path));
  }

  async review(workId: number, fields: ReviewFields): Promise<void> {
    assertReviewer(this.user);
    await refusing(() => saveReview(this.db, this.user.name, { work_id: workId, ...fields }, 'given'));
  }

  async close(): Promise<void> { await this.db.destroy(); }
}
