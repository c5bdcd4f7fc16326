/**
 * Remote data source: a running audiolib server's HTTP API (spec 000 section 7), with
 * the bearer token on every call and `?token=` on media URLs.
 */
import type {
  CheckLrcAnswer, HistoryState, ListItem, SharedConfigAnswer, TrackNode, User, Work, WorksAnswer, AuthMeAnswer,
} from '../../model/index.js';
import { lyricStatusOf } from '../../model/index.js';
import { parseLrc, type LrcLine } from '../../lyrics/lrc.js';
import { toLrc } from '../../lyrics/subtitles.js';
import { DEFAULT_FORWARD_SEEK_TIME, DEFAULT_REWIND_SEEK_TIME } from '../../player/index.js';
import { SourceError, type DataSource, type FavouritesQuery, type NameKind, type SharedConfig, type WorksQuery } from './source.js';

type Params = Record<string, string | number | undefined>;

/** The works list path for a query: a circle/tag/VA list, a search, or all works. */
function worksPath(q: WorksQuery): string {
  if (q.circleId !== undefined) return `/api/circles/${q.circleId}/works`;
  if (q.tagId !== undefined) return `/api/tags/${q.tagId}/works`;
  if (q.vaId !== undefined) return `/api/vas/${encodeURIComponent(q.vaId)}/works`;
  if (q.advanced?.length || q.keyword) return '/api/search';
  return '/api/works';
}

export class RemoteSource implements DataSource {
  readonly kind = 'remote' as const;
  private constructor(private readonly base: string, private readonly token: string | null, readonly user: User) {}

  get label(): string { return this.base; }

  /**
   * Connects to `server` (http URL): when the server answers GET /api/auth/me without a
   * token (authentication off) no login happens; else POST /api/auth/me with `name` and
   * the password from `password()` (called only when needed). Throws SourceError with
   * the server's error text (401 wrong password, unreachable server, ...).
   */
  static async connect(server: string, name: string, password: () => Promise<string>): Promise<RemoteSource> {
    const base = server.replace(/\/+$/, '');
    let open: Response;
    try {
      open = await fetch(`${base}/api/auth/me`);
    } catch (err) {
      throw new SourceError(`cannot reach ${base}: ${(err as Error).message}`);
    }
    if (open.ok) {
      const me = (await open.json()) as AuthMeAnswer;
      if (!me.auth) return new RemoteSource(base, null, me.user);
    }
    const res = await fetch(`${base}/api/auth/me`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, password: await password() }) });
    if (!res.ok) throw new SourceError(await errorText(res), res.status);
    const { token } = (await res.json()) as { token: string };
    const me = await fetch(`${base}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    if (!me.ok) throw new SourceError(await errorText(me), me.status);
    return new RemoteSource(base, token, ((await me.json()) as AuthMeAnswer).user);
  }

  private url(path: string, params: Params = {}): string {
    const u = new URL(this.base + path);
    for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== '') u.searchParams.set(k, String(v));
    return u.toString();
  }

  private async call<T>(method: string, path: string, params: Params = {}, body?: unknown): Promise<T> {
    const headers: Record<string, string> = {};
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(this.url(path, params), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (err) {
      throw new SourceError(`${method} ${path}: ${(err as Error).message}`);
    }
    if (!res.ok) throw new SourceError(await errorText(res), res.status);
    const text = await res.text();
    return (text ? JSON.parse(text) : null) as T;
  }

  works(q: WorksQuery): Promise<WorksAnswer> {
    const advanced = Boolean(q.advanced?.length);
    return this.call('GET', worksPath(q), {
      page: q.page, order: q.order, sort: q.sort, nsfw: q.nsfw, seed: q.seed,
      lyric: lyricStatusOf(q.lyric) || undefined,
      isAdvance: advanced ? 1 : 0,
      keyword: advanced ? JSON.stringify(q.advanced) : q.keyword,
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

  async sharedConfig(): Promise<SharedConfig> {
    try {
      return (await this.call<SharedConfigAnswer>('GET', '/api/config/shared')).sharedConfig;
    } catch {
      return { rewindSeekTime: DEFAULT_REWIND_SEEK_TIME, forwardSeekTime: DEFAULT_FORWARD_SEEK_TIME };
    }
  }

  async mediaLocation(hash: string): Promise<string> {
    return this.url(`/api/media/stream/${hash}`, { token: this.token ?? undefined });
  }

  async lyric(hash: string): Promise<LrcLine[] | null> {
    const check = await this.call<CheckLrcAnswer>('GET', `/api/media/check-lrc/${hash}`);
    if (!check.result || !check.hash) return null;
    const res = await fetch(this.url(`/api/media/stream/${check.hash}`, { token: this.token ?? undefined }));
    if (!res.ok) throw new SourceError(await errorText(res), res.status);
    const { decodeText } = await import('../../lyrics/decode.js'); // encodings: loaded on first use
    const text = decodeText(new Uint8Array(await res.arrayBuffer()));
    return parseLrc(toLrc(text, `.${check.lyricExtension ?? 'lrc'}`));
  }

  async close(): Promise<void> { /* nothing held open */ }
}

/** The error text of a failed answer: its `error`, else 'status statusText' (spec 000 section 8). */
async function errorText(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { error?: string };
    if (body.error) return body.error;
  } catch { /* not JSON */ }
  return `${res.status} ${res.statusText}`;
}
