/**
 * Novel covers (spec 001 section 7, GET /api/novel/cover/{id}): the image at the add
 * form's cover address is fetched once (safe-fetch.ts rules, at most 10 MiB, JPEG, PNG,
 * GIF or WebP) and kept as `novels/covers/{id}.{ext}`; every size (`sam`, `240x240`)
 * answers that image, a novel without one the placeholder.
 */
import fs from 'node:fs/promises';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { looksLikeImage } from '../metadata/covers.js';
import { PLACEHOLDER_COVER, type CoverImage } from '../library/cover-lookup.js';
import { Invalid, say } from '../model/index.js';
import { NOVEL_CATALOGUE } from './catalogue.js';
import { coverFileName, coverPath, writeTemp } from './files.js';
import { fetchPublic } from './safe-fetch.js';

const MAX_COVER_BYTES = 10 * 1024 * 1024;

/** The extension and type of image bytes (looksLikeImage said yes). */
function imageKind(bytes: Buffer): { ext: string; type: string } {
  if (bytes[0] === 0xff) return { ext: 'jpg', type: 'image/jpeg' };
  if (bytes[0] === 0x89) return { ext: 'png', type: 'image/png' };
  if (bytes[0] === 0x47) return { ext: 'gif', type: 'image/gif' };
  return { ext: 'webp', type: 'image/webp' };
}

const TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp' };

/**
 * Fetches the cover at `url` for novel `id` and records it (cover_url, cover_file).
 * Throws Invalid (refused address, not an image) or FetchError; the novel keeps its
 * earlier cover then.
 */
export async function fetchNovelCover(db: Db, config: Config, dataDir: string, id: number, url: string): Promise<void> {
  const answer = await fetchPublic(config, url, { maxBytes: MAX_COVER_BYTES, accept: 'image/*' });
  if (!looksLikeImage(answer.body)) throw new Invalid(say('file.notImage'));
  const name = coverFileName(id, imageKind(answer.body).ext);
  const file = coverPath(dataDir, name);
  const tmp = await writeTemp(file, answer.body);
  await fs.rename(tmp, file);
  const old = await db('novels').where({ id }).first('cover_file');
  await db('novels').where({ id }).update({ cover_url: url, cover_file: name });
  if (old?.cover_file && old.cover_file !== name) await fs.rm(coverPath(dataDir, old.cover_file as string), { force: true });
}

/** The cover of visible novel `id`: its fetched image, else the placeholder; null for an unknown or deleted novel. */
export async function findNovelCover(db: Db, dataDir: string, id: number): Promise<CoverImage | null> {
  const row = await NOVEL_CATALOGUE.whereVisible(db('novels').where({ id })).first('cover_file');
  if (!row) return null;
  if (row.cover_file) {
    const file = coverPath(dataDir, row.cover_file as string);
    if ((await fs.stat(file).catch(() => null))?.isFile()) {
      return { path: file, type: TYPES[String(row.cover_file).split('.').pop()!] ?? 'application/octet-stream', source: 'saved' };
    }
  }
  return { path: PLACEHOLDER_COVER, type: 'image/svg+xml', source: 'placeholder' };
}
