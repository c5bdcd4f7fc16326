/**
 * Audio durations from the few header bytes that hold them, formats told by content
 * (MP3 only in a `.mp3` file, since a frame sync can be met by chance in other data):
 * MP3 (Xing/Info or VBRI frame, else CBR), FLAC (STREAMINFO), Ogg Vorbis and Opus (last
 * page), MP4/M4A (`mvhd`), WAV (`fmt ` and `data`). A few small reads per file instead
 * of a full parser; durations match ffprobe's (src/library/README.md, "Durations").
 */
import { extensionOf } from '../filetypes.js';
import { withSource } from './source.js';
import { flacDuration } from './flac.js';
import { id3v2Length, mp3Duration } from './mp3.js';
import { mp4Duration } from './mp4.js';
import { oggDuration } from './ogg.js';
import { wavDuration } from './wav.js';

/**
 * The duration in seconds of the audio file `file` (`size` bytes) from its headers, or
 * null when these readers cannot tell (another format, a VBR MP3 without a frame count,
 * a damaged header): the caller then parses the file in full. Throws when the file
 * cannot be opened or read.
 */
export function headerDuration(file: string, size: number): number | null {
  return withSource(file, size, (src) => {
    const head = src.read(0, 12);
    const magic = head.toString('latin1', 0, 4);
    if (magic === 'OggS') return oggDuration(src);
    if (magic === 'RIFF' && head.toString('latin1', 8, 12) === 'WAVE') return wavDuration(src);
    if (head.toString('latin1', 4, 8) === 'ftyp') return mp4Duration(src);
    const start = id3v2Length(src);
    if (src.read(start, 4).toString('latin1') === 'fLaC') return flacDuration(src, start);
    return extensionOf(file) === 'mp3' ? mp3Duration(src, start) : null;
  });
}
