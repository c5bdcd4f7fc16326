/**
 * Where the TUI reads the catalogue and writes history: one interface, two
 * implementations: `remote.ts` (the HTTP API of a running server, media URLs
 * with ?token=) and `local.ts` (the data directory's database through the domain
 * functions, files played from disk). Both save history in the same `{queue, index,
 * seconds}` form the web player uses.
 */
import type {
  AdvancedKeyword, HistoryState, ListItem, LyricPart, NovelOrder, NovelsAnswer, NovelWork, NsfwOption, PlaylistAnswer, PlaylistSummary, Progress, SortDir, TrackNode, User, Work, WorksAnswer,
} from '../../model/index.js';
import type { TrackLyric } from '../../lyrics/track-lyric.js';
import { canWrite } from '../../model/index.js';

export type NameKind = 'circles' | 'tags' | 'vas';

/** A works list request (spec 000 sections 7 and 9); page is 1-based. */
export interface WorksQuery {
  page: number;
  order: string;
  sort: SortDir;
  /** 0 all, 1 all ages, 2 adults only. */
  nsfw: NsfwOption;
  lyric: LyricPart[];
  /** Random-order seed 0..99. */
  seed: number;
  keyword?: string;
  advanced?: AdvancedKeyword[];
  circleId?: number;
  tagId?: number;
  vaId?: string;
}

export type FavouritesMode = 'history' | 'review' | 'progress';
export interface FavouritesQuery {
  mode: FavouritesMode;
  page: number;
  order: string;
  sort: SortDir;
  /** Progress filter (progress mode). */
  progress?: Progress;
}

/** A novel list request (spec 001 section 7); page is 1-based. */
export interface NovelsQuery { page: number; order: NovelOrder; sort: SortDir }

export interface SharedConfig { rewindSeekTime: number; forwardSeekTime: number }

/** The fields of a review write; absent ones stay as they are. */
export interface ReviewFields { rating?: number | null; progress?: Progress | null; review_text?: string | null }

/** What a guest (read-only account) is told instead of a write. */
export const GUEST_READ_ONLY = 'guests have a read-only account: ratings, progress and reviews are not saved';

/**
 * Refuses a review write of a listener who may not write (src/model/policy.ts: a guest)
 * before anything is asked or sent: SourceError (GUEST_READ_ONLY, 403).
 */
export function assertReviewer(user: User): void {
  if (!canWrite(user)) throw new SourceError(GUEST_READ_ONLY, 403);
}

export interface DataSource {
  readonly kind: 'local' | 'remote';
  /** Who listens: their history and reviews. */
  readonly user: User;
  /** A short description for the header: the server URL or the data directory. */
  readonly label: string;
  works(q: WorksQuery): Promise<WorksAnswer>;
  names(kind: NameKind): Promise<ListItem<number | string>[]>;
  work(id: number): Promise<Work>;
  tracks(id: number): Promise<TrackNode[]>;
  favourites(q: FavouritesQuery): Promise<WorksAnswer>;
  /** A page (1-based) of the trial catalogue's new works (status 0, newest release first). */
  trialWorks(page: number): Promise<WorksAnswer>;
  /** A trial work's file tree (trial hashes 'rj…'); empty until its trial is downloaded. */
  trialTracks(id: number): Promise<TrackNode[]>;
  /** Dislikes a trial work (status 4): it leaves the trial list for good. */
  dislike(id: number): Promise<void>;
  saveHistory(workId: number, state: HistoryState): Promise<void>;
  /** The listener's playlists, then other users' public ones (guests: the public ones), without their tracks (src/playlists). */
  playlists(): Promise<PlaylistSummary[]>;
  /** One playlist the listener may read, with its tracks in order; SourceError (404) otherwise. */
  playlist(id: number): Promise<PlaylistAnswer['playlist']>;
  /** The novel section (read-only here): its list and one novel. */
  novels(q: NovelsQuery): Promise<NovelsAnswer>;
  novel(id: number): Promise<NovelWork>;
  /** Rewind and forward seek steps in seconds. */
  sharedConfig(): Promise<SharedConfig>;
  /** What the audio program opens for a track hash (library or trial form): a URL with token or a file path. */
  mediaLocation(hash: string): Promise<string>;
  /**
   * The synced lyric of an audio track whose file name is `title`, looked up as the web
   * player does: the local lyric file (lrc, or srt/vtt converted), else the work's AI
   * lyric task matching the file name (exact, then loose); null when it has none.
   */
  lyric(hash: string, title: string): Promise<TrackLyric | null>;
  /** A text file of a work (readme, script, lyric) decoded to a string, whatever its encoding (Shift-JIS included). */
  textFile(hash: string): Promise<string>;
  /**
   * Writes the listener's rating (1..5), progress mark or review text of a work: only the
   * fields given, null clearing one (PUT /api/review without params). Guests get a
   * SourceError (GUEST_READ_ONLY) and nothing is written.
   */
  review(workId: number, fields: ReviewFields): Promise<void>;
  close(): Promise<void>;
}

/** An error a screen shows as its message (spec 000 section 8: the server's error text). */
export class SourceError extends Error {
  constructor(message: string, readonly status?: number) { super(message); }
}
