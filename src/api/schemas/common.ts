/**
 * Request fields shared by several routes' schemas (the other files here): page, sort,
 * ids in paths, and the favourites query of /api/review and /api/histroy. Query values
 * arrive as text; an empty value counts as absent.
 */
import { z } from 'zod';
import { FAVOURITE_ORDERS, PROGRESS_VALUES, SORT_DIRECTIONS } from '../../model/index.js';

/** Treats '' as absent, so `?order=` falls back to the default. */
export const opt = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema);

/** A 1-based page number, default 1. */
export const page = opt(z.coerce.number().int().min(1).max(1_000_000).default(1));
/** asc or desc, default desc. */
export const sort = opt(z.enum(SORT_DIRECTIONS).default('desc'));

/** GET /api/review and /api/histroy query: order (favourites sorts), sort, page, filter (a progress value). */
export const favouritesQuery = z.object({
  page,
  sort,
  order: opt(z.enum(FAVOURITE_ORDERS).default('updated_at')),
  filter: opt(z.enum(PROGRESS_VALUES).optional()),
});

/** A numeric id in a path (works, circles, tags). */
export const numericId = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** A VA id in a path (UUID text). */
export const vaId = z.string().min(1).max(64);
/** A work id in a media path (tracks, covers): up to 10 digits. */
export const workIdParam = z.string().regex(/^\d{1,10}$/, 'work id must be a number').transform(Number);
/** Path parameters `{id}` holding a numeric id. */
export const idParams = z.object({ id: numericId });
