/**
 * Where the TUI reads the catalogue and writes history: one interface, two
 * implementations: `remote.ts` (the HTTP API of a running server, media URLs
 * with ?token=) and `local.ts` (the data directory's database through the domain
 * functions, files played from disk). Both save history in the same `{queue, index,
 * seconds}` form the web player uses.
 */
import type {
  AdvancedKeyword, HistoryState, ListItem, LyricPart, NovelOrder, NovelsAnswer, NovelWork, NsfwOption, Progress, SortDir, TrackNode, User, Work, WorksAnswer,
} from '../../model/index.js';
import type { LrcLine } from '../../lyrics/lrc.js';

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
  /** The novel section (read-only here): its list and one novel. */
  novels(q: NovelsQuery): Promise<NovelsAnswer>;
  novel(id: number): Promise<NovelWork>;
  /** Rewind and forward seek steps in seconds. */
  sharedConfig(): Promise<SharedConfig>;
  /** What the audio program opens for a track hash (library or trial form): a URL with token or a file path. */
  mediaLocation(hash: string): Promise<string>;
  /** The synced lyric of an audio track (lrc, or srt/vtt converted), or null when it has none. */
  lyric(hash: string): Promise<LrcLine[] | null>;
  close(): Promise<void>;
}

/** An error a screen shows as its message (spec 000 section 8: the server's error text). */
export class SourceError extends Error {
  constructor(message: string, readonly status?: number) { super(message); }
}
