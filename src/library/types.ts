/**
 * Shapes shared by the scanner's phases (see README.md in this folder): options,
 * events streamed while scanning, and the summary a scan answers.
 */
import type { ScanLogEntry } from '../model/index.js';

/** A configured library root: its display name and absolute path. */
export interface ScanRoot { name: string; path: string }

/** One log line: of the whole scan (main log) or of one work (task log); a coded text (src/model/messages.ts) with its level. */
export type ScanLog = ScanLogEntry;

/** The result of one work in a scan. */
export type WorkResult = 'added' | 'updated' | 'skipped' | 'failed';

/**
 * Events a scan streams while it runs, in order. Built so the realtime channel can
 * keep the spec's state (spec 001 sections 3 and 7): `task` adds the work to the
 * processing list (first event of a code) or appends a log line to it; `result` ends
 * the task (failed ones move to the failed list); `main` is a main-log line;
 * `duplicate` is a folder left out because its code was kept elsewhere; `progress`
 * counts works done out of the total to sync (first with `done` 0 once the total is
 * known); `summary` ends a full or lyric scan. A consumer that shows the main log
 * writes `duplicate` and `summary` as lines of it (src/metadata/runner.ts `mainLogOf`).
 * `code` is the work code as shown ('RJ01012345'); `id` its numeric id.
 */
export type ScanEvent =
  | { type: 'main'; log: ScanLog }
  | { type: 'task'; id: number; code: string; log: ScanLog }
  | { type: 'result'; id: number; code: string; result: WorkResult }
  | { type: 'duplicate'; id: number; code: string; kept: string; duplicate: string }
  | { type: 'progress'; done: number; total: number }
  | { type: 'summary'; summary: ScanSummary };

/** Options of a library scan. */
export interface ScanOptions {
  /** Folders to scan (config rootFolders, or the CLI's DIR arguments). */
  roots: ScanRoot[];
  /** Depth down to which code-less folders are descended (config scannerMaxRecursionDepth; a root's child is depth 1). */
  maxDepth: number;
  /** Hide the missing works even when more than 10% of the visible works would vanish. */
  allowMassRemoval?: boolean;
  /** Do not hide works whose folders vanished (config skipCleanup). */
  skipCleanup?: boolean;
  /** Aborting stops the scan between files (within 2 s); finished works stay committed. */
  signal?: AbortSignal;
  onEvent?: (e: ScanEvent) => void;
  /** Parallel duration reads (default 8: small reads wait on the disk more than on the CPU). */
  durationConcurrency?: number;
  /**
   * Quick mode (README.md "Quick rescans", `audiolib scan` without `--full`): a work whose
   * folder and sub-folders all kept the change times saved by its last quick listing is
   * compared from its file rows, without reading its folders or stating its files; a file
   * rewritten in place under the same name is then missed. Default false: every file is
   * stated (the server's scans).
   */
  quick?: boolean;
  /** Quick mode: how old (ms) a listing's folder changes must be for its times to be saved (default 5000; tests set 0). */
  folderSettleMs?: number;
  /** Recorded in scan_runs.kind (default 'scan'). */
  kind?: string;
  /**
   * The configured roots (config rootFolders): links may lead into them as well as into
   * `roots` (README.md "Symlinks"); anything else a link reaches is skipped.
   */
  libraryRoots?: readonly { path: string }[];
}

/**
 * What a rescan of one work answers (`scanWork`): 'updated' or 'skipped' after syncing its
 * files, 'failed' when the folder cannot be read (`error` says why), 'removed' when the
 * folder is gone (the work is hidden). `changed` tells whether the catalogue changed.
 */
export interface WorkRescan { changed: boolean; result: 'updated' | 'skipped' | 'failed' | 'removed'; error?: string }

/**
 * A link the scanner skipped because its real path lies outside every library root:
 * `work` is the code of the work it was found in (null for a folder above the works),
 * `path` the link as reached (absolute), `target` its real path.
 */
export interface SkippedLink { work: string | null; path: string; target: string }

/** What a scan answers; `code` is the work code as shown ('RJ01012345'). */
export interface ScanSummary {
  added: number;
  updated: number;
  skipped: number;
  failed: number;
  duplicates: number;
  failures: { code: string; error: string }[];
  duplicateFolders: { code: string; kept: string; duplicate: string }[];
  /** Works hidden because their folders vanished. */
  removed: number;
  /** Hidden works whose folders came back. */
  restored: number;
  /** Links leading outside the library roots, not scanned. */
  skippedLinks: SkippedLink[];
}
