/**
 * Shapes shared by the scan's phases (README.md in this folder): options, log lines,
 * results, and the summary a scan answers. The events are in events.ts.
 */
import type { ScanEvent } from './events.js';
import type { ScanLog, ScanRoot, SkippedLink } from '../library/types.js';

export type { ScanLog, ScanRoot, SkippedLink };


/** The result of one work in a scan. */
export type WorkResult = 'added' | 'updated' | 'skipped' | 'failed';

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
  /** Receives the run's events (events.ts). */
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
