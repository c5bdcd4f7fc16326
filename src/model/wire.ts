/**
 * Wire types shared by the server, the web UI and the TUI (spec 000 section 3,
 * spec 001 section 3). Field names are the spec's, spelling included. Types only.
 */
import type { AdvancedKeywordType, Progress } from './lists.js';
import type { LyricStatus } from './lyric-status.js';
import type { MyProcess, NovelProcess } from './novel.js';
import type { CodedText, MessageCode, MessageParams } from './messages.js';

export type Group = 'admin' | 'user' | 'guest';
export interface User { name: string; group: Group }
export interface AuthMeAnswer { user: User; auth: boolean }
export interface LoginAnswer { token: string }

export interface Pagination { currentPage: number; pageSize: number; totalCount: number }
export interface NamedRef<Id = number> { id: Id; name: string | null }
export interface RateDetail { review_point: number; count: number; ratio: number }


export interface QueueItem { hash: string; title: string; workTitle?: string; mediaStreamUrl?: string; duration?: number }
export interface HistoryState { queue: QueueItem[]; index: number; seconds: number }

/** A work as lists and the detail call answer it (spec 000 section 3). */
export interface Work {
  id: number;
  code_prefix?: string;
  title: string;
  circle: NamedRef | null;
  name?: string | null; // circle name, as kikoeru clients read it
  vas: NamedRef<string>[];
  tags: NamedRef[];
  release: string | null;
  price: number;
  dl_count: number;
  rate_average_2dp: number;
  rate_count: number;
  rate_count_detail: RateDetail[];
  review_count: number;
  nsfw: boolean;
  lyric_status: LyricStatus;
  userRating: number | null;
  progress: Progress | null;
  review_text: string | null;
  state: HistoryState | null;
  created_at?: string;
  updated_at?: string;
  /** Present on a work of the trial catalogue only (its lists, its page, and favourites or history holding it). */
  trial?: TrialMark;
  /**
   * Whether the store's metadata was saved (`metadata_source` 'dlsite'): false for a work
   * known by its folder only or by HVDB, whose price, sales and ratings are not the
   * store's and which has no store page (audiolib's own field).
   */
  store_data?: boolean;
}
/**
 * What a work of the trial catalogue carries (DESIGN section 7; src/trial/README.md):
 * its trial status (0 new trial, 1 download wanted, 2 downloading) and whether its trial
 * files are downloaded (then a download is refused as done already).
 */
export interface TrialMark { status: 0 | 1 | 2; downloaded: boolean }
export interface WorksAnswer { works: Work[]; pagination: Pagination }

export type TrackType = 'folder' | 'audio' | 'text' | 'image' | 'other';
/** A node of the track tree of GET /api/tracks/:id. Durations in seconds. */
export interface TrackNode {
  type: TrackType;
  title: string;
  hash?: string; // '{workId}/{fileId}' (track-hash.ts)
  children?: TrackNode[];
  duration?: number;
  size?: number;
  workTitle?: string;
  mediaStreamUrl?: string;
  mediaDownloadUrl?: string;
  lyric?: string; // hash of the lyric file linked to an audio track
}

export interface CheckLrcAnswer { result: boolean; hash: string | null; lyricExtension: string | null }
export interface ListItem<Id = number> { id: Id; name: string | null; count: number }
export interface SharedConfigAnswer { sharedConfig: { rewindSeekTime: number; forwardSeekTime: number } }
export interface VersionAnswer { current: string; latest_stable: string; update_available: boolean; notifyUser: boolean; lockFileExists: boolean; lockReason: string | null }
export interface AdvancedKeyword { t: AdvancedKeywordType; d: string }

// Administration (spec 001 sections 2, 3 and 7)
/**
 * Every admin config key of spec 001 section 3 (and audiolib's own) with its value; the
 * output of src/config/schema.ts, which checks at compile time that the two agree.
 * Timeouts and delays in milliseconds, expiresIn and lyricWorkerTimeout in seconds. A type,
 * not an interface, so the admin page can cast a plain record to it.
 */
export type AdminConfig = {
  tagLanguage: 'zh-cn' | 'zh-tw' | 'ja-jp';
  dlsiteTimeout: number;
  hvdbTimeout: number;
  retryDelay: number;
  retry: number;
  maxParallelism: number;
  httpProxyHost: string;
  httpProxyPort: number;
  scannerMaxRecursionDepth: number;
  skipCleanup: boolean;
  rootFolders: RootFolder[];
  scanCron: string;
  /** Scheduled backups of the SQLite database: a cron expression, '' for none. */
  backupCron: string;
  /** Backups in backups/ the schedule keeps (the newest). */
  backupKeep: number;
  fetchMetadata: boolean;
  production: boolean;
  auth: boolean;
  enableGzip: boolean;
  listenPort: number;
  blockRemoteConnection: boolean;
  trustProxy: boolean;
  /** Players' API (/rest): album names start with the work code ('RJ01012345 title'). */
  subsonicCodeInName: boolean;
  /** Players' API: the copy an album lists when a work holds its tracks in several formats (config-keys.ts SUBSONIC_VARIANTS). */
  subsonicVariant: 'lossless' | 'lossy';
  /** Transcodes (ffmpeg processes) running at once; further streams wait (src/transcode/README.md). */
  transcodeConcurrency: number;
  expiresIn: number;
  pageSize: number;
  checkUpdate: boolean;
  checkBetaUpdate: boolean;
  dbUseDefaultPath: boolean;
  /** The database: '' (the data directory's SQLite file), a SQLite file or a postgres:// URL. */
  db: string;
  coverUseDefaultPath: boolean;
  rewindSeekTime: 5 | 10 | 30;
  forwardSeekTime: 5 | 10 | 30;
  dlsiteBaseUrl: string;
  dlsiteImgBaseUrl: string;
  hvdbBaseUrl: string;
  transcriberCommand: string;
  lyricWorkerTimeout: number;
  trialFolder: string;
  trialMaxBytes: number;
  trialMaxEntries: number;
  trialListingPath: string;
  dlsiteTrialBaseUrl: string;
  trialArchiveUrl: string;
  spiderAllowPrivate: boolean;
};
/** GET /api/config/admin: the live values and each key's default. */
export interface AdminConfigAnswer { config: AdminConfig; defaults: AdminConfig }
/** PUT /api/config/admin: keys saved but read only at start are listed in restartRequired. */
export interface AdminConfigSaveAnswer extends MessageAnswer { restartRequired: string[] }
export interface RootFolder { name: string; path: string }
export interface RootFoldersAnswer { rootFolders: RootFolder[] }
export interface RootFoldersChangeAnswer extends RootFoldersAnswer, MessageAnswer {}
export interface UsersAnswer { users: User[] }
/** An answer saying something to a person: the English `message`, its `code` and `params` (messages.ts). */
export type MessageAnswer = CodedText;
/** A refusal: `error` the English text, `code` and `params` as in messages.ts (a proxy's own answer may have no code). */
export interface ErrorAnswer { error: string; code?: MessageCode; params?: MessageParams }
/** 422 answer of the credentials calls: the first message is errors[0].msg. */
export interface ValidationErrorAnswer extends ErrorAnswer { errors: { msg: string }[] }

// AI lyric tasks (spec 000 sections 3, 4 and 7; DESIGN section 7)
/** status: 0 none, 1 pending, 2 transcribing, 3 success, 4 error (src/lyrics/status.ts). */
export interface LyricTask {
  id: number;
  work_id: number;
  code_prefix: string;
  /** The work's title ('' when the work is no longer in the catalogue). */
  title: string;
  file_id: number;
  /** '{workId}/{fileId}' of the audio file. */
  hash: string;
  /** The audio file's path inside the work folder, '/' separated. */
  audio_path: string;
  /** The last segment of audio_path. */
  file_name: string;
  status: number;
  worker_name: string | null;
  worker_status: string | null;
  /**
   * A lyric is stored and served (GET /api/lyric/translate/lrc): true after a success, and
   * still true while a retried task waits for its new result (the previous lyric stays).
   */
  has_lrc: boolean;
  created_at: string;
  updated_at: string;
}
export interface LyricTasksAnswer { tasks: LyricTask[]; pagination: Pagination }
export interface WorkLyricTasksAnswer { tasks: LyricTask[] }
/** GET /api/lyric/workers: whether any AI lyric worker has been seen (a worker key used, a task claimed or finished). */
export interface LyricWorkersAnswer { seen: boolean }
export interface LyricTaskAnswer extends MessageAnswer { task: LyricTask }
export interface LyricFolderTasksAnswer extends MessageAnswer { tasks: LyricTask[]; created: number }
export interface LrcContentAnswer { lrcContent: string }
/**
 * POST /api/lyric/worker/claim: the claimed task, its secret, where to fetch the audio
 * (/api/lyric/worker/audio/{id}?secret=, with the worker's credentials), how often to report.
 */
export interface LyricClaimAnswer { task: LyricTask; secret: string; mediaStreamUrl: string; heartbeatSeconds: number }
/** A worker key as the admin sees it (the key itself is shown once, at creation). */
export interface WorkerKey { id: number; name: string; created_at: string; last_used_at: string | null; revoked: boolean }
/** GET /api/lyric/worker-keys. */
export interface WorkerKeysAnswer { keys: WorkerKey[] }
/** POST /api/lyric/worker-keys: the new key's record and `token`, the key itself (answered this once). */
export interface WorkerKeyCreatedAnswer extends MessageAnswer { key: WorkerKey; token: string }
/** DELETE /api/lyric/worker-keys/:id: the revoked key. */
export interface WorkerKeyAnswer extends MessageAnswer { key: WorkerKey }

/* Realtime scanner socket (spec 001 sections 3 and 7): one WebSocket at /api/ws?token=,
   JSON messages { type, ... }. `rjcode` is the work code's digits ('01012345'); pages
   show it as 'RJ' + rjcode. Every text carries its `code` and `params` beside the English
   (messages.ts). */
export interface ScanLogEntry extends CodedText { level: 'info' | 'warn' | 'error' }
/** A work being processed (tasks) or that failed (failedTasks), with its logs. */
/** A work of the scanner page's tabs; `metadata`: in the failed tab because its metadata could not be fetched (audiolib's own field). */
export interface ScanTask { rjcode: string; result: 'added' | 'updated' | 'failed' | null; logs: ScanLogEntry[]; metadata?: boolean }
/** One result line: the work, its result and the running count of that result ('skipped': unchanged, counted as the summary line counts it). */
export interface ScanResultEntry { rjcode: string; result: 'added' | 'updated' | 'skipped' | 'failed'; count: number }
/** Where the scanner is: a scan runs, or the last one finished or failed (SCAN_INIT_STATE `status`). */
export type ScanStatus = 'running' | 'finished' | 'error';
/**
 * Which run a scanner message is about: a library scan (PERFORM_SCAN, or a scan in another
 * process), a lyric scan, a library info refresh (PERFORM_UPDATE), or the trial crawler
 * (PERFORM_TRIAL_FETCH). The scanner page shows the first three, /fake/spider the last.
 */
export type ScanKind = 'scan' | 'lyrics' | 'update' | 'metadata' | 'trial';
/** Messages the server sends on the scanner socket; the run's messages carry its `kind`. */
export type ScanMessage =
  | { type: 'SCAN_TASKS'; kind?: ScanKind; tasks: ScanTask[] }
  | { type: 'SCAN_FAILED_TASKS'; kind?: ScanKind; failedTasks: ScanTask[] }
  | { type: 'SCAN_MAIN_LOGS'; kind?: ScanKind; mainLogs: ScanLogEntry[] }
  | { type: 'SCAN_RESULTS'; kind?: ScanKind; results: ScanResultEntry[] }
  | { type: 'SCAN_INIT_STATE'; kind?: ScanKind; status: ScanStatus; tasks: ScanTask[]; failedTasks: ScanTask[]; mainLogs: ScanLogEntry[]; results: ScanResultEntry[] }
  | ({ type: 'SCAN_FINISHED'; kind?: ScanKind } & CodedText)
  | { type: 'SCAN_ERROR'; kind?: ScanKind; error: string; code: MessageCode; params?: MessageParams }
  | { type: 'TRIAL_DOWNLOAD'; download: TrialDownload }
  | ({ type: 'success'; auth: boolean; user: User } & CodedText)
  | ({ type: 'error' } & CodedText);
/** Commands a page sends on the scanner socket (PERFORM_TRIAL_FETCH: the trial crawler, /fake/spider). */
export interface ScanCommand { type: 'ON_SCANNER_PAGE' | 'PERFORM_SCAN' | 'PERFORM_LYRIC_SCAN' | 'PERFORM_UPDATE' | 'PERFORM_METADATA_FETCH' | 'PERFORM_TRIAL_FETCH' | 'KILL_SCAN_PROCESS' }

// The trial catalogue (spec 000 sections 2, 4 and 7; DESIGN section 7)
/**
 * A trial archive download (POST /api/fake/download/{id}/, GET /api/fake/download/{id},
 * realtime TRIAL_DOWNLOAD): `state` waiting, downloading, unpacking, scanning, then done
 * or failed (`error` says why; the work is back at status 0). Bytes received of `total`
 * (null when the store sends no length); `percent` 0..100, null while the total is unknown.
 */
export interface TrialDownload {
  id: number;
  state: 'waiting' | 'downloading' | 'unpacking' | 'scanning' | 'done' | 'failed';
  bytes: number;
  total: number | null;
  percent: number | null;
  /** Why it failed, in English without server paths or addresses; null unless failed. */
  error: string | null;
  /** `error`'s catalogue code and params (messages.ts `trial.download*`, `trial.archive*`), for the UI's language. */
  errorCode?: MessageCode;
  errorParams?: MessageParams;
}
export interface TrialDownloadAnswer extends MessageAnswer { download: TrialDownload }
/**
 * What a trial crawl did: works on the listing, new ones added (status 0), known ones
 * skipped; the metadata fetch's counts (`unknown`: works no source knows) and the works
 * whose metadata could not be had, by code ('RJ01012345'), retried by the next crawl.
 */
export interface TrialFetchSummary {
  listed: number;
  added: number;
  skipped: number;
  /** `failed` = `unknown` (no store knows the work) + `unreachable` (a store could not be reached or answered an error). */
  metadata: { ok: number; failed: number; unknown: number; unreachable: number };
  failures: { code: string; error: string }[];
}

/** POST /api/work/scan/:id answer: `memo` is present when the work's files changed (the page reloads). */
export interface WorkScanAnswer extends MessageAnswer { memo?: string }

// Players (src/subsonic/README.md "Authentication"): the caller's own player password and API keys
/** An API key as listed (the key itself is shown once, when created). Times ISO 8601. */
export interface ApiKeyInfo { id: number; name: string; created_at: string; last_used_at: string | null }
/** GET /api/player-access: whether a player password is set, and the caller's keys. */
/**
 * A player (a Subsonic client name of the user, src/users/players.ts) with its default
 * transcoding: `maxBitRate` kbit/s (0: no limit), `format` 'raw', 'mp3', 'opus', 'aac' or
 * null (as the player asks); times ISO 8601, `last_seen_at` null for a player named
 * before it connected.
 */
export interface PlayerInfo { id: number; client: string; maxBitRate: number; format: PlayerFormat | null; created_at: string; last_seen_at: string | null }
/** A player's default format: as stored, or a transcoding target. */
export type PlayerFormat = 'raw' | 'mp3' | 'opus' | 'aac';
export interface PlayerSavedAnswer { message: string; player: PlayerInfo }
export interface PlayerAccessAnswer { playerPassword: boolean; apiKeys: ApiKeyInfo[]; players: PlayerInfo[] }
/**
 * GET /api/media/transcode/{hash}?bitrate=N: how the web's stream of that track at that
 * quality is answered: `transcode` false (as stored: Range seeking) or true (mp3 at
 * `bitRate` kbit/s from `?offset=`); `duration` of the track in seconds (null: unknown).
 */
export interface TranscodePlanAnswer { transcode: boolean; format: PlayerFormat; bitRate: number | null; duration: number | null }
/** POST /api/player-access/keys: the new key, shown only in this answer. */
export interface ApiKeyCreatedAnswer { message: string; key: string; apiKey: ApiKeyInfo }

// The novel section (spec 001 sections 2, 3 and 7; DESIGN section 7)
/** An uploaded TXT of a novel (stored as UTF-8 whatever its encoding was). */
export interface NovelTxt {
  /** The uploaded file's name, for display only. */
  name: string;
  /** Bytes of the stored UTF-8 text. */
  size: number;
  /** The encoding it was uploaded in ('UTF-8', 'Shift_JIS', 'GB18030', ...). */
  encoding: string;
  uploaded_at: string;
}
/**
 * A novel as lists and the detail call answer it (spec 001 section 3). `circle` is the
 * novel's site (the add form's `plat`), `vas` its authors; `rate` the novel's own
 * rating 0..5 (the add form's stars) and `rate_average_2dp` the same with two decimals;
 * `rating` and `userRating` the caller's rating; `myProcess` the caller's progress as the
 * detail dropdown shows it (novel.ts).
 */
export interface NovelWork {
  id: number;
  title: string;
  desc: string;
  info: string;
  url: string;
  circle: NamedRef | null;
  tags: NamedRef[];
  vas: NamedRef<string>[];
  rate: number;
  rate_average_2dp: number;
  rating: number | null;
  userRating: number | null;
  readCount: number;
  wordCount: number;
  process: NovelProcess;
  myProcess: MyProcess | null;
  progress: Progress | null;
  review_text: string | null;
  release: string | null;
  nsfw: boolean;
  lyric_status: LyricStatus;
  onlineTxt: NovelTxt[];
  state: HistoryState | null;
  created_at?: string;
  updated_at?: string;
}
export interface NovelsAnswer { works: NovelWork[]; pagination: Pagination }
/**
 * The add-novel form's values (spec 001 section 3): POST /api/novel/work/ takes them and
 * the spider answers them prefilled. `author` is {id, label} (id null for a new author),
 * `tag` tag ids or names (a name not known yet creates the tag), times ISO 8601.
 */
export interface NovelForm {
  url: string;
  novelId: number | null;
  name: string;
  cover: string;
  author: { id: string | null; label: string } | null;
  desc: string;
  info: string;
  process: NovelProcess;
  wordCount: number;
  tag: (number | string)[];
  publish_datetime: string;
  plat: string;
  rate: number;
  myProcess: MyProcess | null;
  readCount: number;
}
/**
 * POST /api/novel/work/spider/: the form prefilled from the page, `code` SPIDER_OK. A
 * failure answers NovelSpiderFailure: `code` is a number there too (SPIDER_REFUSED,
 * SPIDER_FAILED), the text's catalogue code is `messageCode`.
 */
export interface NovelSpiderAnswer { code: number; data: NovelForm }
/** A failed spider call: `msg` and `error` the English text, `messageCode` and `params` for the UI's language. */
export interface NovelSpiderFailure { code: number; msg: string; error: string; messageCode: MessageCode; params?: MessageParams }
/** POST /api/novel/work/uploadTxt/: the message also as `msg` (spec 001 section 7: data.msg), and the stored TXT. */
export interface NovelUploadAnswer extends MessageAnswer { msg: string; txt: NovelTxt }
/** POST /api/novel/work/: the new novel's id, and whether its cover was fetched ('saved', 'none', or why not). */
export interface NovelAddAnswer extends MessageAnswer { id: number; cover: string }
/**
 * GET /api/novel/readingPosition/{id}/ (beyond the spec: the browser's TXT reader): where the
 * caller stopped reading the novel's TXT, as an index into its text (UTF-16 code units, a
 * JavaScript string index; 0 and `updated_at` null when never saved).
 */
export interface ReadingPositionAnswer { work_id: number; offset: number; updated_at: string | null }
