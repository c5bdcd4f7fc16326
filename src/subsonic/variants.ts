/**
 * One album per work (README.md "One album per work"): when a work holds the same tracks
 * in several formats, in sibling folders (`mp3/` and `wav/`, `MP3版/` and `FLAC版/`), its
 * album lists one copy, the others stay folders a player can browse. Pure.
 *
 * "The same tracks": two or more folders with the same parent (the work's top included)
 * are copies of each other when the audio files below each, named by their path below
 * that folder without the extension (case and Unicode form ignored), are the same list,
 * and no audio format (extension) occurs in two of them. So `mp3/01.mp3` + `wav/01.wav`
 * are copies; `SE有り/01.mp3` + `SE無し/01.mp3` (one format, two mixes) are not, nor are
 * folders with a track more or less. Copies nested deeper (`本編/mp3`, `本編/wav`) are
 * found the same way, below the copy that is listed.
 *
 * The copy listed: by the preference (config `subsonicVariant`), `lossless` (wav, flac)
 * first or `lossy` first, a folder mixing both between them; then the higher bit rate
 * (the folder's bytes over its seconds); then the folder name in natural order.
 */
import type { SubsonicVariant } from '../model/index.js';
import { extensionOf } from '../library/filetypes.js';
import { compareNames } from '../library/tree.js';
import { stripExtension } from '../lyrics/match.js';

/** Audio formats without loss (the others of src/library/filetypes.ts lose). */
const LOSSLESS = new Set(['wav', 'flac']);

/** What the choice reads of an audio file: its path inside the work, size (bytes) and duration (s). */
export interface VariantFile { relpath: string; size: number; duration: number }

/** The quality class of a folder's formats: 0 lossless, 1 mixed, 2 lossy. */
const classOf = (formats: Set<string>) => {
  const lossless = [...formats].filter((f) => LOSSLESS.has(f)).length;
  return lossless === formats.size ? 0 : lossless === 0 ? 2 : 1;
};

/** A child folder of one parent with the audio below it. */
interface Child { path: string; name: string; files: VariantFile[] }

/** The name of a file below `folder` as copies share it: its path below the folder without the extension, lower case, NFC. */
const keyBelow = (folder: string, relpath: string) => stripExtension(relpath.slice(folder.length + 1)).normalize('NFC').toLowerCase();

/** The copy listed of a group of copies (see the file header). */
function best(group: Child[], prefer: SubsonicVariant): Child {
  const rank = (c: Child) => {
    const cls = classOf(new Set(c.files.map((f) => extensionOf(f.relpath))));
    return prefer === 'lossless' ? cls : 2 - cls;
  };
  const bitRate = (c: Child) => {
    const seconds = c.files.reduce((s, f) => s + f.duration, 0);
    return seconds > 0 ? c.files.reduce((s, f) => s + f.size, 0) / seconds : 0;
  };
  return [...group].sort((a, b) => rank(a) - rank(b) || bitRate(b) - bitRate(a) || compareNames(a.name, b.name))[0]!;
}

/** The copies among `children` (groups of two or more), each group as found. */
function copyGroups(children: Child[]): Child[][] {
  const bySignature = new Map<string, Child[]>();
  for (const c of children) {
    const signature = c.files.map((f) => keyBelow(c.path, f.relpath)).sort().join('\0');
    bySignature.set(signature, [...(bySignature.get(signature) ?? []), c]);
  }
  return [...bySignature.values()].filter((group) => {
    if (group.length < 2) return false;
    const seen = new Set<string>();
    for (const c of group) {
      const formats = new Set(c.files.map((f) => extensionOf(f.relpath)));
      for (const f of formats) {
        if (seen.has(f)) return false;
        seen.add(f);
      }
    }
    return true;
  });
}

/**
 * The files of a work that its album leaves out, each mapped to its counterpart in the
 * copy listed (its relpath): every file below a folder that is a copy not listed.
 * Empty when the work has no copies (the usual case: every file is listed).
 */
export function unlistedCopies<F extends VariantFile>(files: readonly F[], prefer: SubsonicVariant): Map<string, string> {
  const hidden = new Map<string, string>();
  const visit = (parent: string, below: readonly F[]) => {
    const children = new Map<string, Child>();
    for (const f of below) {
      const rest = parent ? f.relpath.slice(parent.length + 1) : f.relpath;
      const slash = rest.indexOf('/');
      if (slash < 0) continue;
      const name = rest.slice(0, slash);
      const path = parent ? `${parent}/${name}` : name;
      const child = children.get(name) ?? children.set(name, { path, name, files: [] }).get(name)!;
      child.files.push(f);
    }
    if (!children.size) return;
    const left = new Set<string>();
    for (const group of copyGroups([...children.values()])) {
      const kept = best(group, prefer);
      const counterpart = new Map(kept.files.map((f) => [keyBelow(kept.path, f.relpath), f.relpath]));
      for (const c of group) {
        if (c === kept) continue;
        left.add(c.name);
        for (const f of c.files) hidden.set(f.relpath, counterpart.get(keyBelow(c.path, f.relpath))!);
      }
    }
    for (const c of children.values()) if (!left.has(c.name)) visit(c.path, c.files as F[]);
  };
  visit('', files);
  return hidden;
}
