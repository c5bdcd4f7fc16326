/**
 * File types by extension, case-insensitive (DESIGN section 5).
 */
import path from 'node:path';

export type FileType = 'audio' | 'text' | 'image' | 'other';

const AUDIO = new Set(['mp3', 'm4a', 'm4b', 'aac', 'ogg', 'oga', 'opus', 'flac', 'wav', 'wma', 'mka', 'webm', 'mp4']);
const TEXT = new Set(['txt', 'lrc', 'srt', 'vtt', 'ass', 'md']);
const IMAGE = new Set(['jpg', 'jpeg', 'png', 'webp', 'gif', 'bmp']);
/** Lyric formats that link to an audio file of the same name. */
export const LYRIC_EXTENSIONS = new Set(['lrc', 'srt', 'vtt']);

/** Lower-case extension without the dot ('' when none). */
export function extensionOf(name: string): string {
  return path.extname(name).slice(1).toLowerCase();
}

/** The file type of a name: audio, text, image or other. */
export function fileTypeOf(name: string): FileType {
  const ext = extensionOf(name);
  if (AUDIO.has(ext)) return 'audio';
  if (TEXT.has(ext)) return 'text';
  if (IMAGE.has(ext)) return 'image';
  return 'other';
}

/** MIME type for media responses; the audio types browsers need to play each format. */
export function mimeTypeOf(name: string): string {
  const types: Record<string, string> = {
    mp3: 'audio/mpeg', m4a: 'audio/mp4', m4b: 'audio/mp4', mp4: 'audio/mp4', aac: 'audio/aac',
    ogg: 'audio/ogg', oga: 'audio/ogg', opus: 'audio/ogg', flac: 'audio/flac', wav: 'audio/wav',
    wma: 'audio/x-ms-wma', mka: 'audio/x-matroska', webm: 'audio/webm',
    txt: 'text/plain; charset=utf-8', md: 'text/markdown; charset=utf-8', lrc: 'text/plain; charset=utf-8',
    srt: 'text/plain; charset=utf-8', vtt: 'text/vtt; charset=utf-8', ass: 'text/plain; charset=utf-8',
    jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', gif: 'image/gif', bmp: 'image/bmp',
    pdf: 'application/pdf', zip: 'application/zip',
  };
  return types[extensionOf(name)] ?? 'application/octet-stream';
}
