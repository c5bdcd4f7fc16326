/**
 * The transcoding targets (README.md "Formats"): ffmpeg's encoder, container and content
 * type of each, and the bit rates offered. `raw` is not a target: it asks for the file
 * as stored.
 */

/** A format a stream can be transcoded to. */
export type TranscodeFormat = 'mp3' | 'opus' | 'aac';

/** Every target, in the order the settings list them. */
export const TRANSCODE_FORMATS: readonly TranscodeFormat[] = ['mp3', 'opus', 'aac'];

/** Lowest and highest bit rate (kbit/s) a transcode is run at; a request outside is clamped. */
export const MIN_BIT_RATE = 32;
export const MAX_BIT_RATE = 320;

/** Bit rate (kbit/s) of a transcode when neither the request nor the player names one. */
export const DEFAULT_BIT_RATE = 192;

interface Target {
  /** ffmpeg's encoder. */
  codec: string;
  /** ffmpeg's output container (`-f`), one that can be written to a pipe. */
  container: string;
  /** The answer's Content-Type. */
  type: string;
  /** Highest bit rate the encoder takes for stereo (kbit/s). */
  max: number;
  /** The file name suffix the players' `transcodedSuffix` names. */
  suffix: string;
}

/** The target of each format: MP3 (LAME, constant bit rate), Opus in Ogg, AAC in ADTS (streamable, no MP4 index). */
export const TARGETS: Readonly<Record<TranscodeFormat, Target>> = {
  mp3: { codec: 'libmp3lame', container: 'mp3', type: 'audio/mpeg', max: 320, suffix: 'mp3' },
  opus: { codec: 'libopus', container: 'ogg', type: 'audio/ogg', max: 256, suffix: 'opus' },
  aac: { codec: 'aac', container: 'adts', type: 'audio/aac', max: 320, suffix: 'aac' },
};

/** True when `value` names a target format. */
export function isTranscodeFormat(value: unknown): value is TranscodeFormat {
  return typeof value === 'string' && (TRANSCODE_FORMATS as readonly string[]).includes(value);
}

/** The stored file's format as a target name, when it is one (by extension): an `.mp3` file is already mp3. */
export function storedFormat(name: string): TranscodeFormat | null {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  if (ext === 'mp3') return 'mp3';
  if (ext === 'opus') return 'opus';
  if (ext === 'aac' || ext === 'm4a') return 'aac';
  return null;
}
