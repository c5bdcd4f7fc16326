/**
 * The track hash (spec 000 section 3 "Queue item", DESIGN section 4): a file of a work is
 * named `{workId}/{fileId}`, both decimal ids; a trial-catalogue item is `rj{workId}/{fileId}`
 * (a 'j' as second character marks the trial form; spec 000 section 7 "media").
 */

export interface TrackHash {
  workId: number;
  fileId: number;
  /** The trial-catalogue form (`rj{workId}/{fileId}`). */
  trial: boolean;
}

/** The hash of a file: (12, 7) -> '12/7'; with `{trial: true}` -> 'rj12/7'. */
export function formatTrackHash(workId: number, fileId: number, opts: { trial?: boolean } = {}): string {
  return `${opts.trial ? 'rj' : ''}${workId}/${fileId}`;
}

// An optional letter + 'j' (any case, as the trial marker is only the second character), then two ids.
const HASH_RE = /^(?:([a-z])j)?(\d{1,15})\/(\d{1,15})$/i;

/**
 * Reads a hash: '12/7' -> {workId: 12, fileId: 7, trial: false}; 'rj12/7' -> trial true.
 * Null for anything else (no ids, signs, spaces, extra segments, ids over 15 digits).
 */
export function parseTrackHash(hash: string): TrackHash | null {
  const m = HASH_RE.exec(hash);
  if (!m) return null;
  return { workId: Number(m[2]), fileId: Number(m[3]), trial: m[1] !== undefined };
}

/** The work id of a hash ('265946/12' and 'rj265946/12' -> 265946); null when it is not a hash. */
export function workIdOfHash(hash: string): number | null {
  return parseTrackHash(hash)?.workId ?? null;
}

/** True for a trial-catalogue item: the hash's second character is 'j' (spec 000 section 3). */
export function isTrialHash(hash: string): boolean {
  return hash.charAt(1).toLowerCase() === 'j';
}

/** The media calls of a hash (spec 000 section 7 "Media URLs"). */
export type MediaKind = 'stream' | 'download' | 'small-img' | 'check-lrc' | 'transcode';

/**
 * The one mapping from a hash to its media call: '/api/media/{kind}/{hash}', and for a
 * trial item (`rj…`) the trial catalogue's '/api/fake/media/{kind}/{hash}'. Without the
 * token: clients add it (media URLs carry `?token=`).
 */
export function mediaPath(kind: MediaKind, hash: string): string {
  return `${isTrialHash(hash) ? '/api/fake/media' : '/api/media'}/${kind}/${hash}`;
}
