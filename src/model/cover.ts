/** The sizes of a work's cover (spec 000 section 7, `?type=` of GET /api/cover/:id). */
export const COVER_TYPES = ['main', 'sam', '240x240'] as const;
export type CoverType = (typeof COVER_TYPES)[number];
