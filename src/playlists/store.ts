/**
 * Playlists (README.md): read and change them for a caller. One store for the web UI
 * (/api/playlists), the players' API (/rest) and the TUI.
 *
 * Who sees what: a user reads their own playlists and the public ones of others; a guest
 * the public ones only. Only the owner changes a playlist (guests own none): another
 * user's public playlist answers Forbidden `playlist.notOwner`, a private one NotFound
 * `playlist.notFound`, as a missing one.
 *
 * Every change is one transaction that first updates the playlist's row (its
 * `changed_at`): on PostgreSQL that locks the row, on SQLite the transaction holds the
 * write lock from its start, so changes of one playlist take turns and positions stay
 * 0..n-1 without gaps or repeats, whoever writes at once. A failure anywhere rolls the
 * whole change back.
 */
import type { Knex } from 'knex';
import type { Db } from '../db/index.js';
import { Conflict, Forbidden, Invalid, NotFound, PLAYLIST_COMMENT_MAX, PLAYLIST_MAX_ENTRIES, PLAYLIST_NAME_MAX, say, type Group, type PlaylistAnswer, type PlaylistEntry, type PlaylistSummary } from '../model/index.js';
import { assertPlayable, entriesOf, type TrackRef } from './entries.js';
import { assertWriter, canWrite } from '../model/index.js';
import { dbTime } from '../db/time.js';

/** Who asks: their name and group (guests read public playlists only and change none). */
export interface Caller { name: string; group: Group }

/** A playlist with its entries (PlaylistAnswer's `playlist`). */
export type Playlist = PlaylistAnswer['playlist'];

interface PlaylistRow { id: number; user_name: string; name: string; comment: string; public: boolean | number; created_at: string; changed_at: string }

/** Rows inserted per statement (SQLite's bound-value limit is far above 6 x 100). */
const INSERT_CHUNK = 100;

/** The playlists `caller` may read, as a query on `playlists` (alias p). */
function readable(db: Knex, caller: Caller) {
  const q = db('playlists as p');
  return !canWrite(caller) ? q.where('p.public', true) : q.where((w) => w.where('p.user_name', caller.name).orWhere('p.public', true));
}

/** A row and its entries as the wire shows them. */
function summary(row: PlaylistRow, entries: PlaylistEntry[], caller: Caller): PlaylistSummary {
  const pictured = entries.find((e) => e.available);
  return {
    id: row.id,
    name: row.name,
    comment: row.comment,
    public: Boolean(row.public),
    owner: row.user_name,
    mine: canWrite(caller) && row.user_name === caller.name,
    created_at: row.created_at,
    changed_at: row.changed_at,
    entryCount: entries.length,
    duration: entries.reduce((sum, e) => sum + e.duration, 0),
    coverWork: pictured ? { id: pictured.workId, trial: pictured.trial } : null,
  };
}

/**
 * The playlists `caller` may read with their entries: their own (newest change first),
 * then the public ones of others (likewise).
 */
export async function listPlaylistsWithEntries(db: Db, caller: Caller): Promise<Playlist[]> {
  const rows: PlaylistRow[] = await readable(db, caller).orderBy([{ column: 'p.changed_at', order: 'desc' }, { column: 'p.id', order: 'desc' }]).select('p.*');
  const entries = await entriesOf(db, rows.map((r) => r.id));
  const all = rows.map((r) => ({ ...summary(r, entries.get(r.id)!, caller), entries: entries.get(r.id)! }));
  return [...all.filter((p) => p.mine), ...all.filter((p) => !p.mine)];
}

/** listPlaylistsWithEntries without the entries (GET /api/playlists). */
export async function listPlaylists(db: Db, caller: Caller): Promise<PlaylistSummary[]> {
  return (await listPlaylistsWithEntries(db, caller)).map(({ entries: _entries, ...rest }) => rest);
}

/** Playlist `id` with its entries in order, if `caller` may read it; throws NotFound `playlist.notFound` otherwise. */
export async function getPlaylist(db: Knex, caller: Caller, id: number): Promise<Playlist> {
  const row: PlaylistRow | undefined = await readable(db, caller).where('p.id', id).first('p.*');
  if (!row) throw new NotFound(say('playlist.notFound', { id }));
  const entries = (await entriesOf(db, [id])).get(id)!;
  return { ...summary(row, entries, caller), entries };
}

/** Inserts `refs` as the entries of `playlistId` from `position` on. */
async function insertEntries(trx: Knex, playlistId: number, refs: readonly TrackRef[], position: number, at: string): Promise<void> {
  const rows = refs.map((r, i) => ({ playlist_id: playlistId, position: position + i, work_id: r.workId, file_id: r.fileId, added_at: at }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx('playlist_entries').insert(rows.slice(i, i + INSERT_CHUNK));
}

/** Throws Invalid `input.fieldRule` for a name that is not 1-200 characters or a comment over 2000 (the API's schema says the same; the players' calls reach here unchecked). */
function checkFields(fields: PlaylistFields): void {
  if (fields.name !== undefined && (fields.name.length < 1 || fields.name.length > PLAYLIST_NAME_MAX)) {
    throw new Invalid(say('input.fieldRule', { field: 'name', reason: `1 to ${PLAYLIST_NAME_MAX} characters` }));
  }
  if (fields.comment !== undefined && fields.comment.length > PLAYLIST_COMMENT_MAX) {
    throw new Invalid(say('input.fieldRule', { field: 'comment', reason: `at most ${PLAYLIST_COMMENT_MAX} characters` }));
  }
}

/** Throws Invalid `playlist.full` when `count` entries are more than a playlist holds. */
function assertFits(count: number): void {
  if (count > PLAYLIST_MAX_ENTRIES) throw new Invalid(say('playlist.full', { max: PLAYLIST_MAX_ENTRIES }));
}

/** What a new playlist starts with. */
export interface NewPlaylist { name: string; comment?: string; public?: boolean; tracks?: readonly TrackRef[] }

/**
 * Creates a playlist owned by `caller` with `fields.tracks` as its entries (each an audio
 * file of a library or trial work: NotFound `playlist.trackNotFound` otherwise; at most
 * PLAYLIST_MAX_ENTRIES: Invalid `playlist.full`). Guests: Forbidden. Answers the playlist.
 */
export async function createPlaylist(db: Db, caller: Caller, fields: NewPlaylist): Promise<Playlist> {
  assertWriter(caller);
  checkFields(fields);
  const tracks = fields.tracks ?? [];
  assertFits(tracks.length);
  return db.transaction(async (trx) => {
    await assertPlayable(trx, tracks);
    const at = dbTime();
    const [inserted] = await trx('playlists')
      .insert({ user_name: caller.name, name: fields.name, comment: fields.comment ?? '', public: fields.public ?? false, created_at: at, changed_at: at })
      .returning('id');
    const id = Number(typeof inserted === 'object' ? inserted.id : inserted);
    await insertEntries(trx, id, tracks, 0, at);
    return getPlaylist(trx, caller, id);
  });
}

/**
 * Runs `change` on playlist `id` owned by `caller` in one transaction that starts by
 * marking the playlist changed (the row lock the file header describes); `change` gets
 * the transaction and the current entries in order. Throws Forbidden for a guest or for
 * another user's public playlist, NotFound for a missing or another user's private one.
 * Answers the playlist after the change (undefined when `change` deleted it).
 */
async function changePlaylist(db: Db, caller: Caller, id: number, change: (trx: Knex.Transaction, entries: PlaylistEntry[]) => Promise<'deleted' | void>): Promise<Playlist | undefined> {
  assertWriter(caller);
  return db.transaction(async (trx) => {
    const marked = await trx('playlists').where({ id, user_name: caller.name }).update({ changed_at: dbTime() });
    if (!marked) {
      const other = await trx('playlists').where({ id, public: true }).first('id');
      if (other) throw new Forbidden(say('playlist.notOwner', { id }));
      throw new NotFound(say('playlist.notFound', { id }));
    }
    if ((await change(trx, (await entriesOf(trx, [id])).get(id)!)) === 'deleted') return undefined;
    return getPlaylist(trx, caller, id);
  });
}

/** Replaces the entries of playlist `id` by `kept`, in that order (an entry with an `id` keeps it). */
async function rewriteEntries(trx: Knex, id: number, kept: readonly { id?: number; workId: number; fileId: number }[], at: string): Promise<void> {
  await trx('playlist_entries').where({ playlist_id: id }).delete();
  const rows = kept.map((e, i) => ({ ...(e.id !== undefined && { id: e.id }), playlist_id: id, position: i, work_id: e.workId, file_id: e.fileId, added_at: at }));
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx('playlist_entries').insert(rows.slice(i, i + INSERT_CHUNK));
}

/** The fields a change may set (absent: unchanged). */
export interface PlaylistFields { name?: string; comment?: string; public?: boolean }

/**
 * Changes playlist `id` of `caller` (changePlaylist's rules): sets `fields`, removes the
 * entries `remove` picks from the current ones (entry ids; NotFound
 * `playlist.entryNotFound` for an id that is not an entry), then appends `add` (checked as
 * createPlaylist's tracks; Invalid `playlist.full` past the limit). `replace`: the
 * entries become exactly these tracks instead (Subsonic createPlaylist with a playlistId).
 */
export async function updatePlaylist(
  db: Db,
  caller: Caller,
  id: number,
  change: { fields?: PlaylistFields; remove?: (entries: PlaylistEntry[]) => number[]; add?: readonly TrackRef[]; replace?: readonly TrackRef[] },
): Promise<Playlist> {
  const fields = change.fields ?? {};
  checkFields(fields);
  return (await changePlaylist(db, caller, id, async (trx, entries) => {
    const set = Object.fromEntries(Object.entries({ name: fields.name, comment: fields.comment, public: fields.public }).filter(([, v]) => v !== undefined));
    if (Object.keys(set).length) await trx('playlists').where({ id }).update(set);
    const at = dbTime();
    if (change.replace) {
      assertFits(change.replace.length);
      await assertPlayable(trx, change.replace);
      await rewriteEntries(trx, id, change.replace, at);
      return;
    }
    let kept = entries;
    if (change.remove) {
      const gone = new Set(change.remove(entries));
      for (const entryId of gone) if (!entries.some((e) => e.id === entryId)) throw new NotFound(say('playlist.entryNotFound', { id: entryId }));
      kept = entries.filter((e) => !gone.has(e.id));
      if (gone.size) await rewriteEntries(trx, id, kept, at);
    }
    const add = change.add ?? [];
    if (add.length) {
      assertFits(kept.length + add.length);
      await assertPlayable(trx, add);
      await insertEntries(trx, id, add, kept.length, at);
    }
  }))!;
}

/**
 * Puts the entries of playlist `id` in the order of `entryIds`, which must list every
 * current entry once: Conflict `playlist.orderStale` otherwise (the playlist changed
 * since the caller read it). Rules as updatePlaylist.
 */
export async function reorderPlaylist(db: Db, caller: Caller, id: number, entryIds: readonly number[]): Promise<Playlist> {
  return (await changePlaylist(db, caller, id, async (trx, entries) => {
    const byId = new Map(entries.map((e) => [e.id, e]));
    if (entryIds.length !== entries.length || new Set(entryIds).size !== entryIds.length || entryIds.some((e) => !byId.has(e))) {
      throw new Conflict(say('playlist.orderStale'));
    }
    await rewriteEntries(trx, id, entryIds.map((e) => byId.get(e)!), dbTime());
  }))!;
}

/** Deletes playlist `id` of `caller` with its entries (rules as updatePlaylist). */
export async function deletePlaylist(db: Db, caller: Caller, id: number): Promise<void> {
  await changePlaylist(db, caller, id, async (trx) => {
    await trx('playlist_entries').where({ playlist_id: id }).delete();
    await trx('playlists').where({ id }).delete();
    return 'deleted';
  });
}

/** Deletes the playlists of the users `names` with their entries, in the caller's transaction (users' deleteUsers). */
export async function deletePlaylistsOf(trx: Knex, names: readonly string[]): Promise<void> {
  await trx('playlist_entries').whereIn('playlist_id', trx('playlists').whereIn('user_name', names).select('id')).delete();
  await trx('playlists').whereIn('user_name', names).delete();
}
