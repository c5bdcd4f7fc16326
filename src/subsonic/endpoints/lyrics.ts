/**
 * Lyrics (README.md "Lyrics"): getLyricsBySongId (OpenSubsonic songLyrics: synced lines,
 * start in ms) and the older getLyrics?artist&title (the lines as text), both from the
 * server's lyric lookup (src/lyrics/lookup.ts: the local LRC/SRT/VTT file, else a
 * successful AI lyric task). Nothing found: an empty `lyricsList`, an empty `lyrics`.
 */
import type { Work } from '../../model/index.js';
import { whereVisible } from '../../catalogue/index.js';
import { findTrackLyric } from '../../lyrics/lookup.js';
import { stripExtension } from '../../lyrics/match.js';
import type { Call, Endpoint } from '../endpoint.js';
import { notFound } from '../errors.js';
import { findTrack, worksById, type SongRef } from '../library.js';
import { idParam } from './browse.js';

/** Audio files whose path contains a text, at most this many, for getLyrics. */
const LYRIC_CANDIDATES = 50;

/** The lyric of a song of a visible work; null when none. */
function lyricOf({ ctx }: Call, ref: SongRef, fileName: string) {
  return findTrackLyric(ctx.services, ref, fileName);
}

/** Whether `work`'s circle or a voice actor is named like `artist` (case-insensitive substring). */
const byArtist = (work: Work, artist: string) =>
  [work.circle?.name, ...work.vas.map((v) => v.name)].some((n) => (n ?? '').toLowerCase().includes(artist.toLowerCase()));

export const lyricsEndpoints: Record<string, Endpoint> = {
  /** getLyricsBySongId?id (tr-…): `lyricsList` with one synced `structuredLyrics`, or none. Code 70 for an unknown song. */
  getLyricsBySongId: {
    async handle(call) {
      const id = idParam(call, ['song']);
      const track = await findTrack(call.db, call.user, id);
      if (!track) throw notFound(`song ${call.params.required('id')}`);
      const lyric = await lyricOf(call, id, track.name);
      const [work] = await worksById(call.read, [id.workId]);
      const structured = lyric && {
        displayArtist: work?.vas.map((v) => v.name).join(' / ') || work?.circle?.name || undefined,
        displayTitle: stripExtension(track.name),
        lang: 'und',
        offset: 0,
        synced: true,
        line: lyric.lines.map((l) => ({ start: Math.round(l.time * 1000), value: l.text })),
      };
      return { lyricsList: { structuredLyrics: structured ? [structured] : [] } };
    },
  },

  /**
   * getLyrics?artist&title: the lyric of the first audio file named `title` (without its
   * extension, case-insensitive; of a work whose circle or voice actor matches `artist`
   * when given) that has one, as text lines.
   */
  getLyrics: {
    async handle(call) {
      const title = call.params.get('title')?.trim() ?? '';
      const artist = call.params.get('artist')?.trim() ?? '';
      if (!title) return { lyrics: {} };
      const like = `%${title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const rows: { work_id: number; id: number; relpath: string }[] = await whereVisible(call.db('files as f').join('works as w', 'w.id', 'f.work_id'), 'library', { alias: 'w' })
        .where('f.type', 'audio').whereRaw(`f.relpath LIKE ? ESCAPE '\\'`, [like]).limit(LYRIC_CANDIDATES).select('f.work_id', 'f.id', 'f.relpath');
      const named = rows.map((r) => ({ ...r, name: r.relpath.slice(r.relpath.lastIndexOf('/') + 1) })).filter((r) => stripExtension(r.name).toLowerCase() === title.toLowerCase());
      const works = new Map((await worksById(call.read, named.map((r) => r.work_id))).map((w) => [w.id, w]));
      for (const r of named) {
        const work = works.get(r.work_id);
        if (!work || (artist && !byArtist(work, artist))) continue;
        const lyric = await lyricOf(call, { workId: r.work_id, fileId: r.id }, r.name);
        if (lyric) return { lyrics: { artist: artist || undefined, title, value: lyric.lines.map((l) => l.text).join('\n') } };
      }
      return { lyrics: {} };
    },
  },
};
