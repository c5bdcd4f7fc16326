/**
 * The ids players see (README.md "The mapping"): a work is the album `al-{workId}`, a
 * circle the artist `ar-c{circleId}`, a voice actor the artist `ar-v{vaId}`, the works with
 * neither the one artist `ar-unknown` ("unknown circle"), an audio file
 * the song `tr-{workId}-{fileId}`, a sub-folder of a work the directory
 * `fo-{workId}-{base64url of its path inside the work}`, a playlist `pl-{playlistId}`; a music folder is the configured
 * root at that position, from 1. A folder id only selects catalogue rows by their relpath
 * prefix; no id ever reaches the file system as a path.
 */
import { normaliseFolder } from '../lyrics/tasks.js';

export type SubsonicId =
  | { kind: 'album'; workId: number }
  | { kind: 'song'; workId: number; fileId: number }
  | { kind: 'circle'; circleId: number }
  | { kind: 'va'; vaId: string }
  | { kind: 'unknown' }
  | { kind: 'folder'; workId: number; path: string };

export const albumId = (workId: number) => `al-${workId}`;
export const songId = (workId: number, fileId: number) => `tr-${workId}-${fileId}`;
export const circleArtistId = (circleId: number) => `ar-c${circleId}`;
export const vaArtistId = (vaId: string) => `ar-v${vaId}`;
export const playlistId = (id: number) => `pl-${id}`;
/** The one artist of the works with neither circle nor voice actor. */
export const UNKNOWN_ARTIST_ID = 'ar-unknown';
/** A work's directory id: the album id for its top, a folder id below it. */
export const directoryId = (workId: number, path: string) => (path === '' ? albumId(workId) : `fo-${workId}-${Buffer.from(path, 'utf8').toString('base64url')}`);

const ID_RE = /^(?:(ar-unknown)|al-(\d{1,10})|tr-(\d{1,10})-(\d{1,15})|ar-c(\d{1,10})|ar-v([0-9a-f-]{1,64})|fo-(\d{1,10})-([A-Za-z0-9_-]{1,2800}))$/;

/** A folder path from its base64url form; null unless it decodes to a clean relative path (no NUL byte: no database takes one). */
function folderPath(encoded: string): string | null {
  const path = Buffer.from(encoded, 'base64url').toString('utf8');
  if (Buffer.from(path, 'utf8').toString('base64url') !== encoded || path.includes('\0')) return null;
  try {
    const clean = normaliseFolder(path);
    return clean === path && clean !== '' ? clean : null;
  } catch {
    return null;
  }
}

/** Reads an id; null for anything that is not one of the forms above. */
export function parseId(text: string): SubsonicId | null {
  const m = ID_RE.exec(text);
  if (!m) return null;
  if (m[1]) return { kind: 'unknown' };
  if (m[2]) return { kind: 'album', workId: Number(m[2]) };
  if (m[3]) return { kind: 'song', workId: Number(m[3]), fileId: Number(m[4]) };
  if (m[5]) return { kind: 'circle', circleId: Number(m[5]) };
  if (m[6]) return { kind: 'va', vaId: m[6] };
  const path = folderPath(m[8]!);
  return path === null ? null : { kind: 'folder', workId: Number(m[7]), path };
}

/** A playlist's id from `pl-{id}`; null for anything else. */
export function parsePlaylistId(text: string): number | null {
  const m = /^pl-(\d{1,10})$/.exec(text);
  return m ? Number(m[1]) : null;
}
