/**
 * The `works.status` values (DESIGN section 7, spec 000 section 3 "Trial catalogue
 * status"): the main catalogue lists works in the library, the trial catalogue new trial
 * works; a dislike sets disliked.
 */
export const WorkStatus = {
  NewTrial: 0,
  DownloadWanted: 1,
  Downloading: 2,
  InLibrary: 3,
  Disliked: 4,
} as const;
