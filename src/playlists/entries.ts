/**
 * The tracks of playlists (README.md "Entries"): which files may be added (audio files of
 * works visible in the library or the trial catalogue), a whole work's tracks in play
 * order, and the stored entries as the wire shows them, with their current hash, title
 * and availability.
 */
import type { Knex } from 'knex';
import { SCOPE_STATUSES, whereVisible } from '../catalogue/index.js';
import { buildTrackTree, type FileRow } from '../library/tree.js';
import { Invalid, NotFound, WorkStatus, formatTrackHash, parseTrackHash, say, type PlaylistEntry, type TrackNode } from '../model/index.js';

/** A file of a work by its ids (the track hash's parts). */
export interface TrackRef { workId: number; fileId: number }

/** The statuses whose works' tracks may be in a playlist: the library's and the trial catalogue's. */
const PLAYABLE = [...SCOPE_STATUSES.library, ...SCOPE_STATUSES.trial];

/** Reads track hashes ('12/7', 'rj12/7'); throws Invalid `playlist.trackNotFound` for the first that is none. */
export function refsOfHashes(hashes: readonly string[]): TrackRef[] {
  return hashes.map((hash) => {
    const parsed = parseTrackHash(hash);
    if (!parsed) throw new Invalid(say('playlist.trackNotFound', { hash }));
    return { workId: parsed.workId, fileId: parsed.fileId };
  });
}

/**
 * Checks that every ref is an audio file of a work visible in the library or the trial
 * catalogue (reading with `db`, the write's transaction). Throws NotFound
 * `playlist.trackNotFound` naming the first that is not.
 */
export async function assertPlayable(db: Knex, refs: readonly TrackRef[]): Promise<void> {
  if (!refs.length) return;
  const fileIds = [...new Set(refs.map((r) => r.fileId))];
  const found = new Set<string>();
  for (let i = 0; i < fileIds.length; i += 500) {
    const rows: { id: number; work_id: number }[] = await whereVisible(
      db('files as f').join('works as w', 'w.id', 'f.work_id').whereIn('f.id', fileIds.slice(i, i + 500)).where('f.type', 'audio'),
      ['library', 'trial'], { alias: 'w' },
    ).select('f.id', 'f.work_id');
    for (const row of rows) found.add(`${row.work_id}/${row.id}`);
  }
  const missing = refs.find((r) => !found.has(`${r.workId}/${r.fileId}`));
  if (missing) throw new NotFound(say('playlist.trackNotFound', { hash: formatTrackHash(missing.workId, missing.fileId) }));
}

/** The audio refs of a track tree, in its order (folders first, names in natural order). */
function audioRefs(nodes: TrackNode[], out: TrackRef[]): TrackRef[] {
  for (const node of nodes) {
    if (node.type === 'folder') audioRefs(node.children ?? [], out);
    else if (node.type === 'audio' && node.hash) {
      const { workId, fileId } = parseTrackHash(node.hash)!;
      out.push({ workId, fileId });
    }
  }
  return out;
}

/**
 * Every audio file of work `workId` (visible in the library or the trial catalogue) in
 * the work's play order, the web player's track tree. Throws NotFound `work.idNotFound`
 * for a work in neither; an empty list for a work without audio.
 */
export async function workTracks(db: Knex, workId: number): Promise<TrackRef[]> {
  const work = await whereVisible(db('works').where({ id: workId }), ['library', 'trial']).first('id', 'title');
  if (!work) throw new NotFound(say('work.idNotFound', { id: workId }));
  const files: FileRow[] = await db('files').where({ work_id: workId }).select('id', 'work_id', 'relpath', 'type', 'size', 'duration', 'audio_file_id');
  return audioRefs(buildTrackTree(work, files), []);
}

interface EntryRow {
  id: number;
  playlist_id: number;
  position: number;
  work_id: number;
  file_id: number;
  relpath: string | null;
  type: string | null;
  duration: number | null;
  title: string | null;
  status: number | null;
  removed_at: unknown;
}

/** An entry row as the wire shows it: hash in the work's current catalogue, available when its audio file and work are still there. */
function present(row: EntryRow): PlaylistEntry {
  const available = row.type === 'audio' && row.status !== null && PLAYABLE.includes(row.status) && row.removed_at === null;
  const trial = row.status !== null && row.status !== WorkStatus.InLibrary;
  return {
    id: row.id,
    position: row.position,
    hash: formatTrackHash(row.work_id, row.file_id, { trial }),
    workId: row.work_id,
    fileId: row.file_id,
    trial,
    available,
    title: row.relpath?.split('/').pop() ?? '',
    workTitle: row.title ?? '',
    duration: available ? Number(row.duration ?? 0) : 0,
  };
}

/** The entries of each playlist of `ids`, in order (a playlist without entries maps to []). */
export async function entriesOf(db: Knex, ids: readonly number[]): Promise<Map<number, PlaylistEntry[]>> {
  const byList = new Map<number, PlaylistEntry[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byList;
  const rows: EntryRow[] = await db('playlist_entries as e')
    .leftJoin('files as f', function joinFile() { this.on('f.id', 'e.file_id').andOn('f.work_id', 'e.work_id'); })
    .leftJoin('works as w', 'w.id', 'e.work_id')
    .whereIn('e.playlist_id', ids)
    .orderBy([{ column: 'e.playlist_id' }, { column: 'e.position' }])
    .select('e.id', 'e.playlist_id', 'e.position', 'e.work_id', 'e.file_id', 'f.relpath', 'f.type', 'f.duration', 'w.title', 'w.status', 'w.removed_at');
  for (const row of rows) byList.get(row.playlist_id)!.push(present(row));
  return byList;
}
