/**
 * The server's scan manager (spec 001 sections 2, 3, 4 and 7): runs
 * one scan at a time in the server process and keeps the scanner page's state (status,
 * tasks, failedTasks, mainLogs, results) so every open page sees the same state, and a
 * page opened mid-scan or after it gets it whole (SCAN_INIT_STATE). The works whose metadata
 * could not be fetched join the failed tasks (`metadata` true) with their fetch logs, and
 * the finish line counts them. The last scan's state
 * stays in memory until the next one starts (a restart forgets it). State changes go to
 * `broadcast` as the spec's messages, coalesced so a large library does not flood the
 * sockets. The scans themselves run in the scan runner (src/scan/run.ts); this
 * file only folds its events.
 */
import type { AppServices } from './context.js';
import { ScanAbortedError, currentScanLock, mainLogOf, runMetadataFetch, runScan, runTrialFetch, summaryCounts, type ScanEvent, type ScanLog, type ScanMode } from '../scan/index.js';
import { say, textOfError, type CodedText, type ScanKind, type ScanMessage, type ScanResultEntry, type ScanStatus, type ScanTask } from '../model/index.js';

/** What the scanner socket runs: a library scan, a lyric scan, a library info refresh, the metadata fetch of the works still without it, or the trial crawler (src/trial). */
export type ScanCommandKind = ScanKind;

/** What a run of `kind` killed before its own summary was had reports (a library scan killed in its walk reports its counts instead: scan.killed). */
const KILLED: Record<ScanKind, CodedText> = {
  scan: say('scan.stopped'),
  lyrics: say('scan.lyricsKilled'),
  update: say('scan.refreshKilled'),
  metadata: say('metadata.fetchKilled'),
  trial: say('trial.fetchKilled'),
};

/** Milliseconds between two broadcasts of the same list. */
const COALESCE_MS = 150;

/** The rjcode of the spec: the work code's digits ('RJ01012345' -> '01012345'). */
const rjcodeOf = (code: string) => code.slice(2);

export class ScanManager {
  /** null until this server has run a scan. */
  private status: ScanStatus | null = null;
  /** The kind of the running or last run: every message of the run carries it, so each page shows its own runs. */
  private kind: ScanKind = 'scan';
  private tasks: ScanTask[] = [];
  private failedTasks: ScanTask[] = [];
  private mainLogs: ScanLog[] = [];
  private results: ScanResultEntry[] = [];
  /** The fetch phase's log lines of each work with a warning by code ('RJ01012345'), until the phase's `metadata` event names those not fetched. */
  private fetchLogs = new Map<string, ScanLog[]>();
  private counts = { added: 0, updated: 0, skipped: 0, failed: 0 };
  private controller: AbortController | null = null;
  private dirty = new Set<'SCAN_TASKS' | 'SCAN_FAILED_TASKS' | 'SCAN_MAIN_LOGS' | 'SCAN_RESULTS'>();
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;

  constructor(
    private readonly services: AppServices,
    private readonly broadcast: (message: ScanMessage) => void,
  ) {}

  /** Whether a scan started by this server runs now. */
  get running(): boolean {
    return this.controller !== null;
  }

  /** Resolves when the running scan (if any) has ended. */
  async idle(): Promise<void> {
    await this.current;
  }

  /**
   * The whole state as SCAN_INIT_STATE, the first part of the answer to ON_SCANNER_PAGE:
   * status running with the lists so far while this server scans, else the last scan's
   * lists (its main log ending with the finish or error line) with status finished or
   * error; null before this server's first scan.
   */
  initState(): ScanMessage | null {
    if (!this.status) return null;
    return { type: 'SCAN_INIT_STATE', kind: this.kind, status: this.status, tasks: this.tasks, failedTasks: this.failedTasks, mainLogs: this.mainLogs, results: this.results };
  }

  /**
   * The second part of the answer to ON_SCANNER_PAGE: while no scan runs here but a CLI
   * scan holds the scan lock, the main log (the last scan's, if any) plus a line naming
   * the other process, as SCAN_MAIN_LOGS; else null.
   */
  async otherProcessScan(): Promise<ScanMessage | null> {
    if (this.running) return null;
    const lock = await currentScanLock(this.services.db);
    return lock.holder ? { type: 'SCAN_MAIN_LOGS', kind: 'scan', mainLogs: [...this.mainLogs, { level: 'info', ...say('scan.otherProcess', lock.holder) }] } : null;
  }

  /**
   * Starts a scan of `kind` (PERFORM_SCAN, PERFORM_LYRIC_SCAN, PERFORM_UPDATE, the metadata
   * fetch: PERFORM_METADATA_FETCH, or the trial crawler: PERFORM_TRIAL_FETCH) unless one runs; clears the previous state. Answers null when started, else the reason it was
   * not (the caller sends it as an `error` message). Ends with SCAN_FINISHED {message}
   * or SCAN_ERROR {error} (each with its code and params).
   */
  start(kind: ScanCommandKind): CodedText | null {
    if (this.running) return say('scan.alreadyRunning');
    if (kind === 'scan' && this.services.config.rootFolders.length === 0) return say('scan.noRoots');
    this.tasks = [];
    this.failedTasks = [];
    this.mainLogs = [];
    this.results = [];
    this.fetchLogs.clear();
    this.counts = { added: 0, updated: 0, skipped: 0, failed: 0 };
    this.status = 'running';
    this.kind = kind;
    const controller = new AbortController();
    this.controller = controller;
    const { config, db, dataDir } = this.services;
    const run = { signal: controller.signal, onEvent: (e: ScanEvent) => this.apply(e) };
    let finished: Promise<CodedText>;
    if (kind === 'trial') {
      finished = runTrialFetch(db, config, dataDir, run).then(({ listed, added, skipped }) => say('trial.fetchFinished', { listed, added, skipped }));
    } else if (kind === 'metadata') {
      finished = runMetadataFetch(db, config, dataDir, run).then(({ ok, failed }) => say('metadata.fetchFinished', { ok, notFetched: failed }));
    } else {
      const mode: ScanMode = kind === 'lyrics' ? { kind: 'lyrics' } : kind === 'update' ? { kind: 'refresh' } : { kind: 'scan', roots: config.rootFolders };
      finished = runScan(db, config, dataDir, mode, run).then(({ summary, metadata }) => (metadata
        ? say('scan.finishedMetadata', { ...summaryCounts(summary), notFetched: metadata.failed })
        : say('scan.finished', summaryCounts(summary))));
    }
    this.current = finished.then(
      (text) => this.end({ type: 'SCAN_FINISHED', ...text }),
      (err: unknown) => {
        if (err instanceof ScanAbortedError) return this.end({ type: 'SCAN_FINISHED', ...say('scan.killed', summaryCounts(err.summary)) });
        if (controller.signal.aborted) return this.end({ type: 'SCAN_FINISHED', ...KILLED[kind] });
        const { message, ...coded } = textOfError(err);
        this.log({ level: 'error', message, ...coded });
        return this.end({ type: 'SCAN_ERROR', error: message, ...coded });
      },
    );
    return null;
  }

  /**
   * Stops the running scan (KILL_SCAN_PROCESS); it ends within 2 s with SCAN_FINISHED: 'scan
   * killed: ...' with the counts of a library scan killed in its walk, else the kill of its
   * own kind (KILLED). Answers false when none runs.
   */
  kill(): boolean {
    if (!this.controller) return false;
    this.controller.abort();
    return true;
  }

  /** Adds a line to the main log. */
  private log(line: ScanLog): void {
    this.mainLogs.push(line);
    this.mark('SCAN_MAIN_LOGS');
  }

  /**
   * Folds one run event into the state (spec 001 section 3: tasks, failed tasks, main
   * logs, results). Results count as the summary line does: the works of the scan itself,
   * skipped ones included; the metadata fetch after it ends works 'skipped' that the scan
   * already counted, and its `metadata` event puts each work not fetched in the failed
   * tasks (`metadata` true) with its fetch logs and the reason.
   */
  private apply(e: ScanEvent): void {
    const line = mainLogOf(e);
    if (line) this.log(line);
    else if (e.type === 'metadata') {
      for (const n of e.summary.notFetched) {
        const logs = this.fetchLogs.get(n.code) ?? [{ level: 'error', ...say('metadata.failed', { reason: n.error }) }];
        this.failedTasks.push({ rjcode: rjcodeOf(n.code), result: 'failed', logs, metadata: true });
      }
      this.fetchLogs.clear();
      if (e.summary.notFetched.length) this.mark('SCAN_FAILED_TASKS');
    } else if (e.type === 'task') {
      const rjcode = rjcodeOf(e.code);
      let task = this.tasks.find((t) => t.rjcode === rjcode);
      if (!task) {
        task = { rjcode, result: null, logs: [] };
        this.tasks.push(task);
      }
      task.logs.push(e.log);
      this.mark('SCAN_TASKS');
    } else if (e.type === 'result') {
      const rjcode = rjcodeOf(e.code);
      const index = this.tasks.findIndex((t) => t.rjcode === rjcode);
      const task = index >= 0 ? this.tasks.splice(index, 1)[0]! : null;
      if (task) this.mark('SCAN_TASKS');
      if (e.phase === 'fetch') {
        // a work not fetched always has a warning line (metadata.notFetched): only such logs are kept
        if (e.logs.some((l) => l.level !== 'info')) this.fetchLogs.set(e.code, e.logs);
        return;
      }
      if (e.result === 'failed') {
        this.failedTasks.push({ rjcode, result: 'failed', logs: e.logs });
        this.mark('SCAN_FAILED_TASKS');
      }
      this.counts[e.result]++;
      this.results.push({ rjcode, result: e.result, count: this.counts[e.result] });
      this.mark('SCAN_RESULTS');
    }
  }

  private mark(type: 'SCAN_TASKS' | 'SCAN_FAILED_TASKS' | 'SCAN_MAIN_LOGS' | 'SCAN_RESULTS'): void {
    this.dirty.add(type);
    this.timer ??= setTimeout(() => this.flush(), COALESCE_MS);
  }

  /** Sends every list that changed since the last flush. */
  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    for (const type of this.dirty) {
      const { kind } = this;
      if (type === 'SCAN_TASKS') this.broadcast({ type, kind, tasks: this.tasks });
      else if (type === 'SCAN_FAILED_TASKS') this.broadcast({ type, kind, failedTasks: this.failedTasks });
      else if (type === 'SCAN_MAIN_LOGS') this.broadcast({ type, kind, mainLogs: this.mainLogs });
      else this.broadcast({ type, kind, results: this.results });
    }
    this.dirty.clear();
  }

  /**
   * Ends the run: the lists go out, then `last`. The finish line joins the kept main log
   * after the flush (the open pages add it themselves on SCAN_FINISHED; an error line is
   * logged already), so a page opened later sees the log as the open pages do.
   */
  private end(last: Extract<ScanMessage, { type: 'SCAN_FINISHED' | 'SCAN_ERROR' }>): void {
    this.controller = null;
    this.flush();
    if (last.type === 'SCAN_FINISHED') {
      const { type: _, kind: _kind, ...text } = last;
      this.mainLogs.push({ level: 'info', ...text });
    }
    this.status = last.type === 'SCAN_FINISHED' ? 'finished' : 'error';
    this.broadcast({ ...last, kind: this.kind });
  }
}
