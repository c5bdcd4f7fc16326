/**
 * Where AI lyrics live (DESIGN section 1): `{dataDir}/lyrics/task-{id}-{stamp}.lrc` (one
 * name per result, so a late result of a lost claim never touches another's file), and the
 * work's `lyric_status` (spec 000 section 3: parts 'local' and/or 'ai' joined by an
 * underscore, sorted) kept in step with the work's tasks that serve a lyric (written through
 * src/works/columns.ts). Node only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../db/index.js';
import { setAiLyricPart } from '../works/columns.js';

/** Absolute path of a stored LRC; `lrcPath` is the lyric_tasks.lrc_path value (a bare file name). */
export function lrcFilePath(dataDir: string, lrcPath: string): string {
  return path.join(dataDir, 'lyrics', path.basename(lrcPath));
}

/** Writes a task's LRC (UTF-8) atomically under a new name and returns the lrc_path value to store. */
export function writeTaskLrc(dataDir: string, taskId: number, lrc: string): string {
  const name = `task-${taskId}-${Date.now().toString(36)}${crypto.randomBytes(3).toString('hex')}.lrc`;
  const file = lrcFilePath(dataDir, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, lrc, 'utf8');
  fs.renameSync(tmp, file);
  return name;
}

/** Removes a stored LRC; a missing file is fine. */
export function removeTaskLrc(dataDir: string, lrcPath: string | null): void {
  if (lrcPath) fs.rmSync(lrcFilePath(dataDir, lrcPath), { force: true });
}

/** Reads a stored LRC; null when the file is gone. */
export function readTaskLrc(dataDir: string, lrcPath: string): string | null {
  try {
    return fs.readFileSync(lrcFilePath(dataDir, lrcPath), 'utf8');
  } catch {
    return null;
  }
}

/**
 * Sets the 'ai' part of a work's lyric_status from its tasks: present while a task of
 * the work serves a lyric (a stored LRC: a success, or a retry still waiting for its new
 * result), absent otherwise. A work not in the catalogue is left alone.
 */
export async function refreshWorkAiLyricStatus(db: Db, workId: number): Promise<void> {
  const served = await db('lyric_tasks').where({ work_id: workId }).whereNotNull('lrc_path').first('id');
  await setAiLyricPart(db, workId, Boolean(served));
}
