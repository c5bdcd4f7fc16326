/**
 * The two scopes of the audio catalogue (spec 000 sections 2 and 7; the server's `Scope`,
 * src/catalogue/visible.ts): the library (/works, /work/{id}, the API table's
 * `routes.library`) and the trial listing (/fake/works, /fake/work/{id}, `routes.trial`).
 * The same pages serve both; this file is the one place that says which route and which
 * call belongs to a scope. A queue item's scope is its hash's form (`rj…` = trial); its
 * media calls come from `trackMedia` (src/api/routes).
 */
import { isTrialHash } from '@model';
import { routes } from '../../../src/api/routes';

export type Scope = 'library' | 'trial';

/** The scope of a page's path: /fake/... is the trial listing. */
export const scopeOfPath = (pathname: string): Scope => (pathname.startsWith('/fake/') ? 'trial' : 'library');
/** The scope of a track hash: 'rj…' is a trial item. */
export const scopeOfHash = (hash: string | null | undefined): Scope => (hash && isTrialHash(hash) ? 'trial' : 'library');

/** The list page of a scope. */
export const worksPage = (scope: Scope) => (scope === 'trial' ? '/fake/works' : '/works');
/** The page of one work. */
export const workPage = (scope: Scope, id: number | string) => (scope === 'trial' ? `/fake/work/${id}` : `/work/${id}`);
/** GET of the scope's works list. */
export const worksRoute = (scope: Scope) => (scope === 'trial' ? routes.trial.works : routes.library.works);
/** GET of one work. */
export const workRoute = (scope: Scope) => (scope === 'trial' ? routes.trial.work : routes.library.work);
/** GET of a work's file tree. */
export const tracksRoute = (scope: Scope) => (scope === 'trial' ? routes.trial.tracks : routes.library.tracks);
/** GET the whole work as one zip (beyond the spec; src/server/routes/media.ts): a link, with the token. */
export const zipRoute = (scope: Scope) => (scope === 'trial' ? routes.trial.media.zip : routes.library.media.zip);
/** GET of a work's cover (a link; coverUrl adds the token). */
export const coverRoute = (scope: Scope) => (scope === 'trial' ? routes.trial.cover : routes.library.cover);
