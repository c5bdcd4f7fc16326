/**
 * Annotation (README.md "Annotation"): star and unstar (albums and songs, per user),
 * setRating on an album (the caller's rating of the work: the same review row the web's
 * stars write, src/users/reviews.ts; 0 removes it), scrobble (submission=true records a
 * play in the caller's history, queue.ts recordPlay; a "now playing" call only checks the
 * ids). All refused to guests with code 50.
 */
import { saveReview } from '../../users/reviews.js';
import { Code, SubsonicError, missing, notFound } from '../errors.js';
import type { Call, Endpoint } from '../endpoint.js';
import { parseId } from '../ids.js';
import { star, unstar, type StarTarget } from '../stars.js';
import { idParam } from './browse.js';
import { queueOf, recordPlay, songRefs } from './queue.js';

/** The albums and songs named by `id` and `albumId`; code 10 when none, 70 for another kind, 0 for artists. */
function starTargets({ params }: Call): StarTarget[] {
  if (params.all('artistId').length) throw new SubsonicError(Code.Generic, 'artists cannot be starred: star their albums');
  const texts = [...params.all('id'), ...params.all('albumId')];
  if (!texts.length) throw missing('id');
  return texts.map((text) => {
    const id = parseId(text);
    if (id?.kind === 'album') return { workId: id.workId };
    if (id?.kind === 'song') return { workId: id.workId, fileId: id.fileId };
    throw notFound(`album or song ${text}`);
  });
}

export const annotationEndpoints: Record<string, Endpoint> = {
  star: { access: 'writer', handle: async (call) => (await star(call.db, call.user.name, starTargets(call)), {}) },
  unstar: { access: 'writer', handle: async (call) => (await unstar(call.db, call.user.name, starTargets(call)), {}) },

  /** setRating?id (al-…)&rating (0..5; 0 removes the rating). */
  setRating: {
    access: 'writer',
    async handle(call) {
      const text = call.params.required('id');
      if (parseId(text)?.kind === 'song') throw new SubsonicError(Code.Generic, 'only albums (works) can be rated');
      const { workId } = idParam(call, ['album']);
      const rating = call.params.requiredInt('rating', 0, 5);
      await saveReview(call.db, call.user.name, { work_id: workId, rating: rating || null }, 'star');
      return {};
    },
  },

  /** scrobble?id (repeated)&time&submission (default true). */
  scrobble: {
    access: 'writer',
    async handle(call) {
      const refs = songRefs(call.params.all('id'));
      if (!refs.length) throw missing('id');
      if (!call.params.bool('submission', true)) {
        await queueOf(call.read, refs);
        return {};
      }
      for (const ref of refs) await recordPlay(call, ref);
      return {};
    },
  },
};
