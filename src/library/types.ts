/** Shapes of the file-level scan work (walk.ts, work.ts): roots, log lines, skipped links. */
import type { ScanLogEntry } from '../model/index.js';

/** A configured library root: its display name and absolute path. */
export interface ScanRoot { name: string; path: string }

/** One log line: of the whole scan (main log) or of one work (task log); a coded text (src/model/messages.ts) with its level. */
export type ScanLog = ScanLogEntry;

/**
 * A link the scanner skipped because its real path lies outside every library root:
 * `work` is the code of the work it was found in (null for a folder above the works),
 * `path` the link as reached (absolute), `target` its real path.
 */
export interface SkippedLink { work: string | null; path: string; target: string }
