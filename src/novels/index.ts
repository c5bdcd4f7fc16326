/**
 * The novel section (spec 001 sections 2 to 9, DESIGN section 7; README.md): a second
 * catalogue over the same list engine, review, progress and history rules as the audio
 * works (NOVEL_CATALOGUE, src/catalogue/definition.ts), plus its own writes, TXT files,
 * covers and the add form's spider.
 */
export { NOVEL_CATALOGUE } from './catalogue.js';
export { addNovel, refreshNovel, hideNovel, allNames } from './store.js';
export { saveTxt, deleteTxt, openTxt } from './txt.js';
export { readingPosition, saveReadingPosition } from './reading.js';
export { fetchNovelCover, findNovelCover } from './cover.js';
export { spiderNovel } from './spider.js';
