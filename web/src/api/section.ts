/**
 * The two catalogues the audio site shows (spec 000 sections 2 and 7): the library
 * (/works, /work/{id}, /api/...) and the trial catalogue (/fake/works, /fake/work/{id},
 * /api/fake/...). The same pages serve both; this file is the one place that says which
 * route and which call belongs to a section. A queue item's section is its hash's form
 * (`rj…` = trial); its media calls come from `mediaPath` (@model).
 */
import { isTrialHash } from '@model';

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
export const worksApi = (section: Section) => (section === 'trial' ? '/api/fake/works' : '/api/works');
/** GET of one work. */
export const workApi = (section: Section, id: number | string) => (section === 'trial' ? `/api/fake/${encodeURIComponent(id)}` : `/api/work/${encodeURIComponent(id)}`);
/** GET of a work's file tree. */
export const tracksApi = (section: Section, id: number | string) => (section === 'trial' ? `/api/fake/tracks/${encodeURIComponent(id)}` : `/api/tracks/${encodeURIComponent(id)}`);
/** GET of a work's cover (without the token; coverUrl adds it). */
/** GET the whole work as one zip (beyond the spec; src/server/routes/media.ts): a link, with the token. */
export const zipApi = (section: Section, id: number) => (section === 'trial' ? `/api/fake/media/zip/${id}` : `/api/media/zip/${id}`);
export const coverApi = (section: Section, id: number) => (section === 'trial' ? `/api/fake/cover/${id}` : `/api/cover/${id}`);
