/** Limits of a bookmark (src/bookmarks), shared by its store, the API schema and /rest. */

/** Longest comment kept, in characters. */
export const BOOKMARK_COMMENT_MAX = 1000;
/** Latest position taken, in ms (a week: no audio file is longer). */
export const BOOKMARK_POSITION_MAX_MS = 7 * 24 * 3600 * 1000;
