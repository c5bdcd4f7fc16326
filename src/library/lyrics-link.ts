/**
 * Lyric detection (DESIGN section 5): a lyric file belongs to an audio file of the same
 * folder when it is named `name.lrc|srt|vtt` (audio `name.mp3`) or `name.ext.lrc|srt|vtt`
 * (audio `name.ext`). Exact names win over a case-insensitive match.
 */
import path from 'node:path';
import { LYRIC_EXTENSIONS, extensionOf, fileTypeOf } from './filetypes.js';

const stem = (name: string) => name.slice(0, name.length - path.extname(name).length);

/**
 * Links lyric files to audio files. Takes work-relative paths ('/' separated, in sorted
 * order) and answers a map from each linked lyric's relpath to its audio's relpath.
 * Lyrics without an audio file of that name are left out.
 */
export function linkLyrics(relpaths: string[]): Map<string, string> {
  const audioByFolder = new Map<string, string[]>();
  for (const rel of relpaths) {
    if (fileTypeOf(rel) !== 'audio') continue;
    const folder = path.posix.dirname(rel);
    audioByFolder.set(folder, [...(audioByFolder.get(folder) ?? []), rel]);
  }
  const links = new Map<string, string>();
  for (const rel of relpaths) {
    if (!LYRIC_EXTENSIONS.has(extensionOf(rel))) continue;
    const audio = audioByFolder.get(path.posix.dirname(rel));
    if (!audio) continue;
    const base = stem(path.posix.basename(rel));
    const names = audio.map((a) => ({ rel: a, name: path.posix.basename(a) }));
    const matches = (eq: (a: string, b: string) => boolean) =>
      names.find((a) => eq(a.name, base)) ?? names.find((a) => eq(stem(a.name), base));
    const hit = matches((a, b) => a === b) ?? matches((a, b) => a.toLowerCase() === b.toLowerCase());
    if (hit) links.set(rel, hit.rel);
  }
  return links;
}
