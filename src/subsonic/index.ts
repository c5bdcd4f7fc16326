/**
 * The OpenSubsonic API at /rest (README.md): `GET` or `POST` (form body)
 * `/rest/{method}` or `/rest/{method}.view`. Each call: read the parameters and the
 * format, sign in (auth.ts; not for public endpoints), record the player (the client
 * name `c`, src/users/players.ts), refuse guests on writes (code 50),
 * run the endpoint, answer in XML or JSON (respond.ts); a parameter holding a NUL byte
 * refuses the call first (code 0). Every failure is a Subsonic error
 * (errors.ts): never a 500 or an HTML page; an unknown or unimplemented method answers
 * code 0 (HTTP 200, as every Subsonic error). Every answer allows any origin (CORS: the
 * credentials travel in the parameters, never in cookies), and an OPTIONS preflight is
 * answered 204.
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../server/context.js';
import type { LoginGuard } from '../server/middleware/throttle.js';
import { Code, SubsonicError, subsonicErrorOf } from './errors.js';
import { Params } from './params.js';
import { formatOf, respond, type Format } from './respond.js';
import { signIn } from './auth.js';
import type { Endpoint } from './endpoint.js';
import { readContext } from '../catalogue/index.js';
import { systemEndpoints } from './endpoints/system.js';
import { browseEndpoints } from './endpoints/browse.js';
import { listEndpoints } from './endpoints/lists.js';
import { searchEndpoints } from './endpoints/search.js';
import { mediaEndpoints } from './endpoints/media.js';
import { annotationEndpoints } from './endpoints/annotation.js';
import { queueEndpoints } from './endpoints/queue.js';
import { lyricsEndpoints } from './endpoints/lyrics.js';
import { playlistEndpoints } from './endpoints/playlists.js';
import { bookmarkEndpoints } from './endpoints/bookmarks.js';
import { worksWithCovers } from './covers.js';
import { notePlayer } from '../users/index.js';
import { assertWriter } from '../model/index.js';

/** Every method served, by name. */
export const ENDPOINTS: Record<string, Endpoint> = {
  ...systemEndpoints, ...browseEndpoints, ...listEndpoints, ...searchEndpoints, ...mediaEndpoints, ...annotationEndpoints, ...queueEndpoints, ...lyricsEndpoints, ...bookmarkEndpoints,
  ...playlistEndpoints,
};

/** Runs one call of `method`; answers through `respond` unless the endpoint sent a file. */
async function run(ctx: AppContext, method: string, guard: LoginGuard): Promise<void> {
  let format: Format = 'xml';
  try {
    const params = await Params.of(ctx);
    format = formatOf(params.get('f'));
    params.refuseNul();
    const endpoint = Object.hasOwn(ENDPOINTS, method) ? ENDPOINTS[method] : undefined;
    if (!endpoint) throw new SubsonicError(Code.Generic, method ? `method not implemented: ${method}` : 'no method: call /rest/{method}');
    const db = ctx.services.db;
    if (endpoint.access === 'public') return respond(ctx, format, await endpoint.handle({ ctx, db, params }));
    const { user, versions } = await signIn(ctx, params, guard);
    const client = params.get('c');
    // recording the player must not fail the call (a database busy with a scan's write): logged, tried again on the next call
    if (client) await notePlayer(db, user, client).catch((err: unknown) => ctx.app.emit('error', err, ctx));
    if (endpoint.access === 'writer') assertWriter(user); // a guest: code 50 'guests cannot make changes'
    // the call's read context: the caller, and the catalogue cache as of the version read with the account
    const read = readContext(db, { name: user.name, group: user.group }, versions);
    const present = { codeInName: ctx.services.config.subsonicCodeInName, variant: ctx.services.config.subsonicVariant, covers: await worksWithCovers(read, ctx.services.dataDir) };
    const payload = await endpoint.handle({ ctx, db, params, user: { name: user.name, group: user.group, marks: user.marks, present }, read });
    if (payload) respond(ctx, format, payload);
  } catch (err) {
    const error = subsonicErrorOf(err);
    if (!error) ctx.app.emit('error', err, ctx);
    respond(ctx, format, {}, error ?? new SubsonicError(Code.Generic, 'internal error'));
  }
}

/** CORS headers of every /rest answer: any origin may call (a web player elsewhere), reading the file answers' headers too. */
function allowAnyOrigin(ctx: AppContext): void {
  ctx.set('Access-Control-Allow-Origin', '*');
  ctx.set('Access-Control-Expose-Headers', 'Content-Length, Content-Range, Accept-Ranges, ETag, Retry-After');
}

/** The /rest router; `guard` is the server's sign-in guard (shared with POST /api/auth/me). */
export function subsonicRouter(guard: LoginGuard): Router<AppState, { services: AppContext['services'] }> {
  const router = new Router<AppState, { services: AppContext['services'] }>();
  // every path under /rest answers here (an unknown one with code 0), never the web UI's page
  const handler = (ctx: AppContext & { params: Record<string, string | undefined> }) => {
    allowAnyOrigin(ctx);
    const path = ctx.params.path ?? '';
    return run(ctx, path.includes('/') ? '' : path.replace(/\.view$/, ''), guard);
  };
  router.get('/rest{/*path}', handler);
  router.post('/rest{/*path}', handler);
  // the browser's preflight before a cross-origin POST or a call with custom headers
  router.options('/rest{/*path}', (ctx) => {
    allowAnyOrigin(ctx);
    ctx.set('Access-Control-Allow-Methods', 'GET, HEAD, POST, OPTIONS');
    ctx.set('Access-Control-Allow-Headers', ctx.get('Access-Control-Request-Headers') || 'Content-Type, Range');
    ctx.set('Access-Control-Max-Age', '86400');
    ctx.status = 204;
  });
  return router;
}
