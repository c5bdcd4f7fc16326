/**
 * The play queue (README.md "Play queue"): getPlayQueue and savePlayQueue read and write
 * the play history record of the web player and the TUI (PUT /api/histroy,
 * src/users/history.ts): one record per user and work, `{queue, index, seconds}`.
 * savePlayQueue writes the record of the current song's work (queue items as the web
 * player saves them: hash, title = file name, workTitle, duration in s; `position` ms ->
 * `seconds`); getPlayQueue answers the most recently saved record of a visible work
 * (`seconds` -> `position` ms), so a queue left in the browser resumes on a phone and the
 * other way round. The OpenSubsonic `indexBasedQueue` pair (getPlayQueueByIndex,
 * savePlayQueueByIndex) reads and writes the same record with the current song given by
 * its place in the queue. A scrobble (annotation.ts) records a play through `recordPlay`.
 */
import type { ReadContext } from '../../catalogue/index.js';
import { formatTrackHash, parseTrackHash, type QueueItem, type Work } from '../../model/index.js';
import { listHistory, saveHistory } from '../../users/history.js';
import { Code, SubsonicError, notFound } from '../errors.js';
import type { Call, Endpoint } from '../endpoint.js';
import type { SubsonicNode } from '../serialise.js';
import { parseId, songId } from '../ids.js';
import { songsByRef, worksById, type SongRef } from '../library.js';
import { tracksOf, type Track } from '../tracks.js';
import { DEFAULT_PRESENT } from '../presenters.js';

/** Queues read names and durations of any file, copies an album leaves out included: the album's choice (variants.ts) does not matter. */
const QUEUE_COPIES = DEFAULT_PRESENT.variant;

/** Longest queue saved (as PUT /api/histroy). */
const MAX_QUEUE = 5000;

/** A track as a history queue item, the web player's shape (src/player/history.ts historyItem). */
const queueItem = (track: Track, work: Work): QueueItem => ({ hash: formatTrackHash(track.workId, track.fileId), title: track.name, workTitle: work.title, duration: track.duration });

/** The tracks and works of `refs` (audio files of visible works), in order; code 70 for the first that is none. */
export async function queueOf(read: ReadContext, refs: SongRef[]): Promise<{ track: Track; work: Work }[]> {
  const { db } = read;
  const works = new Map((await worksById(read, refs.map((r) => r.workId))).map((w) => [w.id, w]));
  const tracks = await tracksOf(db, [...works.keys()], QUEUE_COPIES);
  return refs.map((r) => {
    const work = works.get(r.workId);
    const track = tracks.get(r.workId)?.find((t) => t.fileId === r.fileId);
    if (!work || !track) throw notFound(`song ${songId(r.workId, r.fileId)}`);
    return { track, work };
  });
}

/**
 * Records that `user` played song `ref` (a scrobble submission): the work moves to the top
 * of the history. A record whose queue holds the song is kept as it is (a player's saved
 * position is not lost); otherwise the record becomes the song's folder as the queue,
 * at that song, from 0 s. Code 70 for a song that is no audio file of a visible work.
 */
export async function recordPlay({ db, read, user: { name: user } }: Pick<Call, 'db' | 'read' | 'user'>, ref: SongRef): Promise<void> {
  const [{ track, work }] = (await queueOf(read, [ref])) as [{ track: Track; work: Work }];
  const hash = formatTrackHash(ref.workId, ref.fileId);
  if (work.state?.queue.some((q) => q.hash === hash)) return saveHistory(db, user, ref.workId, work.state);
  const folder = ((await tracksOf(db, [ref.workId], QUEUE_COPIES)).get(ref.workId) ?? []).filter((t) => t.folder === track.folder);
  await saveHistory(db, user, ref.workId, { queue: folder.map((t) => queueItem(t, work)), index: folder.findIndex((t) => t.fileId === ref.fileId), seconds: 0 });
}

/** The song refs of the `id` parameters; code 70 for an id that is no song id. */
export function songRefs(ids: string[]): SongRef[] {
  return ids.map((text) => {
    const id = parseId(text);
    if (id?.kind !== 'song') throw notFound(`song ${text}`);
    return { workId: id.workId, fileId: id.fileId };
  });
}

/** The caller's most recently saved history record of a visible work, or undefined. */
async function latestRecord({ read }: Call): Promise<Work | undefined> {
  const [work] = (await listHistory(read, { order: 'updated_at', sort: 'desc', page: 1, pageSize: 1 })).works;
  return work?.state ? work : undefined;
}

/**
 * A history record as a players' queue: `entry` = its songs that still exist (trial
 * tracks and songs gone since are left out), `currentIndex` = the place of the record's
 * current song among them (undefined when it is gone), `position` in ms, and the fields
 * both forms share.
 */
async function queueAnswer(call: Call, work: Work): Promise<{ entry: SubsonicNode[]; currentIndex?: number; common: SubsonicNode }> {
  const { queue, index, seconds } = work.state!;
  const refs = queue.flatMap((q, at) => {
    const h = parseTrackHash(q.hash);
    return h && !h.trial ? [{ workId: h.workId, fileId: h.fileId, at }] : [];
  });
  const entry = await songsByRef(call.read, call.user, refs);
  // songsByRef keeps the order of refs and leaves out the missing ones (every copy of a missing song)
  let currentIndex: number | undefined;
  for (let r = 0, e = 0; r < refs.length && e < entry.length; r++) {
    if (entry[e]!.id !== songId(refs[r]!.workId, refs[r]!.fileId)) continue;
    if (refs[r]!.at === index) currentIndex = e;
    e++;
  }
  return { entry, currentIndex, common: { position: Math.round(seconds * 1000), username: call.user.name, changed: work.updated_at, changedBy: 'audiolib' } };
}

/**
 * Saves the queue `ids` (song ids, in order) with the song at `index` current, `positionMs`
 * into it, as the history record of that song's work. Code 70 for an id that is no song
 * of a visible work, code 0 for a queue over MAX_QUEUE songs.
 */
async function saveQueue({ db, user, read }: Call, ids: string[], index: number, positionMs: number): Promise<void> {
  if (ids.length > MAX_QUEUE) throw new SubsonicError(Code.Generic, `a queue holds at most ${MAX_QUEUE} songs`);
  const queue = await queueOf(read, songRefs(ids));
  await saveHistory(db, user.name, queue[index]!.track.workId, { queue: queue.map((q) => queueItem(q.track, q.work)), index, seconds: positionMs / 1000 });
}

export const queueEndpoints: Record<string, Endpoint> = {
  /** getPlayQueue: the latest history record as `playQueue` {current (song id), position ms, username, changed, changedBy, entry}; nothing when there is none. */
  getPlayQueue: {
    async handle(call) {
      const work = await latestRecord(call);
      if (!work) return {};
      const { entry, currentIndex, common } = await queueAnswer(call, work);
      return { playQueue: { current: currentIndex === undefined ? undefined : entry[currentIndex]!.id, ...common, entry } };
    },
  },

  /**
   * getPlayQueueByIndex (OpenSubsonic indexBasedQueue): the same record as getPlayQueue as
   * `playQueueByIndex` {currentIndex (the current song's place in `entry`, from 0; absent
   * when it is gone), position ms, username, changed, changedBy, entry}, so a queue holding
   * one song twice resumes at the right copy; nothing when there is none.
   */
  getPlayQueueByIndex: {
    async handle(call) {
      const work = await latestRecord(call);
      if (!work) return {};
      const { entry, currentIndex, common } = await queueAnswer(call, work);
      return { playQueueByIndex: { currentIndex, ...common, entry } };
    },
  },

  /**
   * savePlayQueue?id (repeated)&current&position (ms): saves the queue as the history record
   * of the current song's work (current defaults to the first id). Without ids nothing is
   * written. Code 70 for an id that is no song of a visible work, code 0 for a current not
   * in the queue or a queue over 5000 songs. Guests: code 50.
   */
  savePlayQueue: {
    access: 'writer',
    async handle(call) {
      const ids = call.params.all('id');
      if (!ids.length) return {};
      const index = ids.indexOf(call.params.get('current') ?? ids[0]!);
      if (index < 0) throw new SubsonicError(Code.Generic, 'current must be one of the queue\'s ids');
      await saveQueue(call, ids, index, call.params.int('position', 0, 0, Number.MAX_SAFE_INTEGER));
      return {};
    },
  },

  /**
   * savePlayQueueByIndex (OpenSubsonic indexBasedQueue) ?id (repeated)&currentIndex (from
   * 0)&position (ms): as savePlayQueue with the current song given by its place in the
   * queue (a song may be queued twice). Without ids nothing is written; with ids, code 10
   * without currentIndex and code 0 for one outside the queue. Guests: code 50.
   */
  savePlayQueueByIndex: {
    access: 'writer',
    async handle(call) {
      const ids = call.params.all('id');
      if (!ids.length) return {};
      const index = call.params.requiredInt('currentIndex', 0, Math.min(ids.length, MAX_QUEUE) - 1);
      await saveQueue(call, ids, index, call.params.int('position', 0, 0, Number.MAX_SAFE_INTEGER));
      return {};
    },
  },
};
