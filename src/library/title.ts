/**
 * A work's title from its folder name (before metadata exists): the name without its
 * work code, without brackets left empty by removing it, trimmed.
 */
import { removeWorkCodes } from '../model/index.js';

const EMPTY_BRACKETS = /[[(（【「『〔{｛<＜]\s*[\])）】」』〕}｝>＞]/g;
const EDGE_SEPARATORS = /^[\s\-_・~～|]+|[\s\-_・~～|]+$/g;

/**
 * `titleFromFolderName('[RJ189758][B-bishop] 機械人形')` -> '[B-bishop] 機械人形'.
 * Answers `fallback` (the code) when nothing is left.
 */
export function titleFromFolderName(name: string, fallback: string): string {
  let title = removeWorkCodes(name);
  let previous;
  do {
    previous = title;
    title = title.replace(EMPTY_BRACKETS, '');
  } while (title !== previous);
  title = title.replace(/\s+/g, ' ').replace(EDGE_SEPARATORS, '');
  return title || fallback;
}
