/**
 * Remote data source: a running audiolib server's HTTP API (spec 000 section 7), called
 * through the API table (src/api/routes), with the bearer token on every call and
 * `?token=` on media URLs.
 */
import type { CheckLrcAnswer, HistoryState, ListItem, NovelsAnswer, NovelWork, TrackNode, User, Work, WorksAnswer, PlaylistAnswer, PlaylistSummary } from '../../model/index.js';
import { lyricStatusOf, WorkStatus, workIdOfHash } from '../../model/index.js';
import { ApiClient, ApiError, type CallArgs } from '../../api/client.js';
import type { AnswerOf, AnyRoute } from '../../api/route.js';
import { routes, trackMediaPath } from '../../api/routes/index.js';
import { parseLrc } from '../../lyrics/lrc.js';
import { toLrc } from '../../lyrics/subtitles.js';
import { matchLyricTask } from '../../lyrics/match.js';
import { DEFAULT_FORWARD_SEEK_TIME, DEFAULT_REWIND_SEEK_TIME } from '../../player/index.js';
import { aiTrackLyric, type TrackLyric } from '../../lyrics/track-lyric.js';
import {
  SourceError, assertReviewer, type DataSource, type FavouritesQuery, type NameKind, type NovelsQuery, type ReviewFields, type SharedConfig, type WorksQuery,
} from './source.js';

/**
 * The TUI's error for a failed call: the server's error text and status; a server not
 * reached gets `what` (the call) in front of the reason.
 */
function sourceError(err: unknown, what: string): unknown {
  if (!(err instanceof ApiError)) return err;
  return err.status === 0 ? new SourceError(`${what}: ${err.message}`) : new SourceError(err.message, err.status);
}

export class RemoteSource implements DataSource {
  readonly kind = 'remote' as const;
  private constructor(private readonly client: ApiClient, readonly user: User) {}

  get label(): string { return this.client.baseUrl; }

  /**
   * Connects to `server` (http URL): when the server answers GET /api/auth/me without a
   * token (authentication off) no login happens; else POST /api/auth/me with `name` and
   * the password from `password()` (called only when needed). Throws SourceError with
   * the server's error text (401 wrong password, unreachable server, ...).
   */
  static async connect(server: string, name: string, password: () => Promise<string>): Promise<RemoteSource> {
    const client = new ApiClient({ baseUrl: server });
    const me = () => client.call(routes.auth.me, { on401: 'throw' });
    try {
      const open = await me().catch((err: unknown) => {
        if (err instanceof ApiError && err.status !== 0) return null; // authentication on: log in
        throw err;
      });
      if (open && !open.auth) return new RemoteSource(client, open.user);
      await client.login(name, await password());
      return new RemoteSource(client, (await me()).user);
    } catch (err) {
      throw sourceError(err, `cannot reach ${client.baseUrl}`);
    }
  }

  private async call<R extends AnyRoute>(route: R, ...input: CallArgs<R>): Promise<AnswerOf<R>> {
    try {
      return await this.client.call(route, ...input);
    } catch (err) {
      throw sourceError(err, `${route.method} ${route.path}`);
    }
  }

  /** The works list of a query: a circle/tag/VA list, a search, or all works. */
  works(q: WorksQuery): Promise<WorksAnswer> {
    const advanced = Boolean(q.advanced?.length);
    const query = {
      page: q.page, order: q.order, sort: q.sort, nsfw: q.nsfw, seed: q.seed,
      lyric: lyricStatusOf(q.lyric) || undefined,
      isAdvance: advanced ? 1 : 0,
      keyword: advanced ? JSON.stringify(q.advanced) : q.keyword || undefined,
    };
    const { library } = routes;
    if (q.circleId !== undefined) return this.call(library.circleWorks, { params: { id: q.circleId }, query });
    if (q.tagId !== undefined) return this.call(library.tagWorks, { params: { id: q.tagId }, query });
    if (q.vaId !== undefined) return this.call(library.vaWorks, { params: { id: q.vaId }, query });
    return this.call(advanced || q.keyword ? library.search : library.works, { query });
  }

  names(kind: NameKind): Promise<ListItem<number | string>[]> { return this.call(routes.library.names[kind].list); }
  work(id: number): Promise<Work> { return this.call(routes.library.work, { params: { id } }); }
  tracks(id: number): Promise<TrackNode[]> { return this.call(routes.library.tracks, { params: { id } }); }

  favourites(q: FavouritesQuery): Promise<WorksAnswer> {
    const route = q.mode === 'history' ? routes.favourites.history : routes.favourites.reviews;
    return this.call(route, { query: { page: q.page, order: q.order, sort: q.sort, filter: q.mode === 'progress' ? q.progress : undefined } });
  }

  async saveHistory(workId: number, state: HistoryState): Promise<void> {
    await this.call(routes.favourites.putHistory, { body: { work_id: workId, state } });
  }

  async playlists(): Promise<PlaylistSummary[]> { return (await this.call(routes.playlists.list)).playlists; }
  async playlist(id: number): Promise<PlaylistAnswer['playlist']> { return (await this.call(routes.playlists.get, { params: { id } })).playlist; }

  trialWorks(page: number): Promise<WorksAnswer> { return this.call(routes.trial.works, { query: { page, status: WorkStatus.NewTrial } }); }
  trialTracks(id: number): Promise<TrackNode[]> { return this.call(routes.trial.tracks, { params: { id } }); }
  async dislike(id: number): Promise<void> { await this.call(routes.trial.setStatus, { params: { id }, body: { status: WorkStatus.Disliked } }); }
  novels(q: NovelsQuery): Promise<NovelsAnswer> { return this.call(routes.novel.works, { query: { page: q.page, order: q.order, sort: q.sort } }); }
  novel(id: number): Promise<NovelWork> { return this.call(routes.novel.work, { params: { id } }); }

  async sharedConfig(): Promise<SharedConfig> {
    try {
      return (await this.call(routes.auth.sharedConfig)).sharedConfig;
    } catch {
      return { rewindSeekTime: DEFAULT_REWIND_SEEK_TIME, forwardSeekTime: DEFAULT_FORWARD_SEEK_TIME };
    }
  }

  async mediaLocation(hash: string): Promise<string> {
    return this.client.mediaUrl(trackMediaPath('stream', hash));
  }

  /** The web player's lookup (spec 000 section 4 "Lyric loading"): check-lrc, else the work's AI lyric tasks matched by file name. */
  async lyric(hash: string, title: string): Promise<TrackLyric | null> {
    const check = await this.request<CheckLrcAnswer>(trackMediaPath('checkLrc', hash));
    if (check.result && check.hash) {
      const text = await this.streamText(check.hash);
      return { lines: parseLrc(toLrc(text, `.${check.lyricExtension ?? 'lrc'}`)), source: 'local' };
    }
    const workId = workIdOfHash(hash);
    if (workId === null) return null;
    const { tasks } = await this.call(routes.lyric.workTasks, { params: { id: workId } });
    const match = matchLyricTask(title, tasks);
    if (!match) return null;
    const { lrcContent } = await this.call(routes.lyric.lrc, { query: { id: match.task.id } });
    return aiTrackLyric(match, lrcContent);
  }

  /** The server decodes text files to UTF-8 (up to its limit); larger ones come as stored and are decoded here. */
  async textFile(hash: string): Promise<string> { return this.streamText(hash); }

  async review(workId: number, fields: ReviewFields): Promise<void> {
    assertReviewer(this.user); // nothing is sent for a guest
    await this.call(routes.favourites.review, { body: { work_id: workId, ...fields } });
  }

  /** GET of a track's media path (trackMediaPath: the table's media routes of the hash's catalogue). */
  private async request<T>(path: string): Promise<T> {
    try {
      return await this.client.request<T>('GET', path);
    } catch (err) {
      throw sourceError(err, `GET ${path}`);
    }
  }

  /** A media file (by hash) as text, whatever its encoding. */
  private async streamText(hash: string): Promise<string> {
    const path = trackMediaPath('stream', hash);
    const res = await this.client.response('GET', path).catch((err: unknown) => { throw sourceError(err, `GET ${path}`); });
    const { decodeText } = await import('../../lyrics/decode.js'); // encodings: loaded on first use
    return decodeText(new Uint8Array(await res.arrayBuffer()));
  }

  async close(): Promise<void> { /* nothing held open */ }
}
