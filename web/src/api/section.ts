/**
 * The two catalogues the audio site shows (spec 000 sections 2 and 7): the library
 * (/works, /work/{id}, the API table's `routes.library`) and the trial catalogue
 * (/fake/works, /fake/work/{id}, `routes.trial`). The same pages serve both; this file is the one place that says which
 * route and which call belongs to a section. A queue item's section is its hash's form
 * (`rj…` = trial); its media calls come from `trackMedia` (src/api/routes).
 */
import { isTrialHash } from '@model';
import { routes } from '../../../src/api/routes';

export type Section = 'library' | 'trial';

/** The section of a page's path: /fake/... is the trial catalogue. */
export const sectionOfPath = (pathname: string): Section => (pathname.startsWith('/fake/') ? 'trial' : 'library');
/** The section of a track hash: 'rj…' is a trial item. */
export const sectionOfHash = (hash: string | null | undefined): Section => (hash && isTrialHash(hash) ? 'trial' : 'library');

/** The list page of a section. */
export const worksPage = (section: Section) => (section === 'trial' ? '/fake/works' : '/works');
/** The page of one work. */
export const workPage = (section: Section, id: number | string) => (section === 'trial' ? `/fake/work/${id}` : `/work/${id}`);
/** GET of the section's works list. */
export const worksRoute = (section: Section) => (section === 'trial' ? routes.trial.works : routes.library.works);
/** GET of one work. */
export const workRoute = (section: Section) => (section === 'trial' ? routes.trial.work : routes.library.work);
/** GET of a work's file tree. */
export const tracksRoute = (section: Section) => (section === 'trial' ? routes.trial.tracks : routes.library.tracks);
/** GET the whole work as one zip (beyond the spec; src/server/routes/media.ts): a link, with the token. */
export const zipRoute = (section: Section) => (section === 'trial' ? routes.trial.media.zip : routes.library.media.zip);
/** GET of a work's cover (a link; coverUrl adds the token). */
export const coverRoute = (section: Section) => (section === 'trial' ? routes.trial.cover : routes.library.cover);
