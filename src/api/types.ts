/**
 * Wire types shared by the server, the web UI and the TUI (spec 000 section 3,
 * spec 001 section 3). Field names are the spec's, spelling included. Types only.
 */

export type Group = 'admin' | 'user' | 'guest';
export interface User { name: string; group: Group }
export interface AuthMeAnswer { user: User; auth: boolean }
export interface LoginAnswer { token: string }
export interface ErrorAnswer { error: string }

export interface Pagination { currentPage: number; pageSize: number; totalCount: number }
export interface NamedRef<Id = number> { id: Id; name: string | null }
export interface RateDetail { review_point: number; count: number; ratio: number }

export type Progress = 'marked' | 'listening' | 'listened' | 'replay' | 'postponed';
export type LyricStatus = '' | 'local' | 'ai' | 'ai_local';

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
}
export interface WorksAnswer { works: Work[]; pagination: Pagination }

export type TrackType = 'folder' | 'audio' | 'text' | 'image' | 'other';
/** A node of the track tree of GET /api/tracks/:id. Durations in seconds. */
export interface TrackNode {
  type: TrackType;
  title: string;
  hash?: string; // '{workId}/{fileId}'
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
export interface AdvancedKeyword { t: 'unknown' | 'fuzzy' | 'VA' | 'tag' | 'circle'; d: string }
