/**
 * Remote data source: a running audiolib server's HTTP API (spec 000 section 7), with
 * the bearer token on every call and `?token=` on media URLs.
 */
import type {
  CheckLrcAnswer, LrcContentAnswer, WorkLyricTasksAnswer, HistoryState, ListItem, NovelsAnswer, NovelWork, SharedConfigAnswer, TrackNode, User, Work, WorksAnswer, AuthMeAnswer, PlaylistAnswer, PlaylistsAnswer, PlaylistSummary,
} from '../../model/index.js';
import { WorkStatus, lyricStatusOf, mediaPath, workIdOfHash } from '../../model/index.js';
import { ApiClient, ApiError, type Method, type Query } from '../../api/client.js';
import { parseLrc } from '../../lyrics/lrc.js';
import { toLrc } from '../../lyrics/subtitles.js';
import { matchLyricTask } from '../../lyrics/match.js';
import { DEFAULT_FORWARD_SEEK_TIME, DEFAULT_REWIND_SEEK_TIME } from '../../player/index.js';
import { aiTrackLyric, type TrackLyric } from '../../lyrics/track-lyric.js';
import {
  SourceError, assertReviewer, type DataSource, type FavouritesQuery, type NameKind, type NovelsQuery, type ReviewFields, type SharedConfig, type WorksQuery,
} from './source.js';

/** The works list path for a query: a circle/tag/VA list, a search, or all works. */
function worksPath(q: WorksQuery): string {
  if (q.circleId !== undefined) return `/api/circles/${q.circleId}/works`;
  if (q.tagId !== undefined) return `/api/tags/${q.tagId}/works`;
  if (q.vaId !== undefined) return `/api/vas/${encodeURIComponent(q.vaId)}/works`;
  if (q.advanced?.length || q.keyword) return '/api/search';
  return '/api/works';
}

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
    const me = () => client.get<AuthMeAnswer>('/api/auth/me', { on401: 'throw' });
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

  private async call<T>(method: Method, path: string, query: Query = {}, body?: unknown): Promise<T> {
    try {
      return await this.client.request<T>(method, path, { query, body });
    } catch (err) {
      throw sourceError(err, `${method} ${path}`);
    }
  }

  works(q: WorksQuery): Promise<WorksAnswer> {
    const advanced = Boolean(q.advanced?.length);
    return this.call('GET', worksPath(q), {
      page: q.page, order: q.order, sort: q.sort, nsfw: q.nsfw, seed: q.seed,
      lyric: lyricStatusOf(q.lyric) || undefined,
      isAdvance: advanced ? 1 : 0,
      keyword: advanced ? JSON.stringify(q.advanced) : q.keyword || undefined,
    });
  }

  names(kind: NameKind): Promise<ListItem<number | string>[]> { return this.call('GET', `/api/${kind}/`); }
  work(id: number): Promise<Work> { return this.call('GET', `/api/work/${id}`); }
  tracks(id: number): Promise<TrackNode[]> { return this.call('GET', `/api/tracks/${id}`); }

  favourites(q: FavouritesQuery): Promise<WorksAnswer> {
    const path = q.mode === 'history' ? '/api/histroy' : '/api/review';
    return this.call('GET', path, { page: q.page, order: q.order, sort: q.sort, filter: q.mode === 'progress' ? q.progress : undefined });
  }

  async saveHistory(workId: number, state: HistoryState): Promise<void> {
    await this.call('PUT', '/api/histroy', {}, { work_id: workId, state });
  }

  async playlists(): Promise<PlaylistSummary[]> { return (await this.call<PlaylistsAnswer>('GET', '/api/playlists')).playlists; }
  async playlist(id: number): Promise<PlaylistAnswer['playlist']> { return (await this.call<PlaylistAnswer>('GET', `/api/playlists/${id}`)).playlist; }

  trialWorks(page: number): Promise<WorksAnswer> { return this.call('GET', '/api/fake/works', { page, status: WorkStatus.NewTrial }); }
  trialTracks(id: number): Promise<TrackNode[]> { return this.call('GET', `/api/fake/tracks/${id}`); }
  async dislike(id: number): Promise<void> { await this.call('PUT', `/api/fake/${id}/`, {}, { status: WorkStatus.Disliked }); }
  novels(q: NovelsQuery): Promise<NovelsAnswer> { return this.call('GET', '/api/novel/works', { page: q.page, order: q.order, sort: q.sort }); }
  novel(id: number): Promise<NovelWork> { return this.call('GET', `/api/novel/work/${id}`); }

  async sharedConfig(): Promise<SharedConfig> {
    try {
      return (await this.call<SharedConfigAnswer>('GET', '/api/config/shared')).sharedConfig;
    } catch {
      return { rewindSeekTime: DEFAULT_REWIND_SEEK_TIME, forwardSeekTime: DEFAULT_FORWARD_SEEK_TIME };
    }
  }

  async mediaLocation(hash: string): Promise<string> {
    return this.client.mediaUrl(mediaPath('stream', hash));
  }

  /** The web player's lookup (spec 000 section 4 "Lyric loading"): check-lrc, else the work's AI lyric tasks matched by file name. */
  async lyric(hash: string, title: string): Promise<TrackLyric | null> {
    const check = await this.call<CheckLrcAnswer>('GET', mediaPath('check-lrc', hash));
    if (check.result && check.hash) {
      const text = await this.streamText(check.hash);
      return { lines: parseLrc(toLrc(text, `.${check.lyricExtension ?? 'lrc'}`)), source: 'local' };
    }
    const workId = workIdOfHash(hash);
    if (workId === null) return null;
    const { tasks } = await this.call<WorkLyricTasksAnswer>('GET', `/api/lyric/translate/work/${workId}`);
    const match = matchLyricTask(title, tasks);
    if (!match) return null;
    const { lrcContent } = await this.call<LrcContentAnswer>('GET', '/api/lyric/translate/lrc', { id: match.task.id });
    return aiTrackLyric(match, lrcContent);
  }

  /** The server decodes text files to UTF-8 (up to its limit); larger ones come as stored and are decoded here. */
  async textFile(hash: string): Promise<string> { return this.streamText(hash); }

  async review(workId: number, fields: ReviewFields): Promise<void> {
    assertReviewer(this.user); // nothing is sent for a guest
    await this.call('PUT', '/api/review', {}, { work_id: workId, ...fields });
  }

  /** A media file (by hash) as text, whatever its encoding. */
  private async streamText(hash: string): Promise<string> {
    const path = mediaPath('stream', hash);
    const res = await this.client.response('GET', path).catch((err: unknown) => { throw sourceError(err, `GET ${path}`); });
    const { decodeText } = await import('../../lyrics/decode.js'); // encodings: loaded on first use
    return decodeText(new Uint8Array(await res.arrayBuffer()));
  }

  async close(): Promise<void> { /* nothing held open */ }
}
