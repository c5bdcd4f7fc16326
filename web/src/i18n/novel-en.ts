/**
 * The novel section's English strings (the `novel.` keys), loaded with its screens
 * (i18n/novel.ts) so the audio site's first load does not carry them. zh-CN in
 * novel-zh-CN.ts, typed against this file.
 */
const novelEn = {
  app: { name: 'audiolib novels' },
  nav: { works: 'All novels', circles: 'Sites', vas: 'Authors', add: 'Add a novel' },
  works: {
    all: 'All novels', tag: 'Tag: {{name}}', va: 'Author: {{name}}', circle: 'Site: {{name}}', deleteConfirm: 'Delete this novel?',
    unknown: { circle: 'No such site', va: 'No such author' }, empty: 'No novels',
    order: { create_datetime: 'Date added', publish_datetime: 'Publish time', rate: 'Rating', readCount: 'Reads', wordCount: 'Word count', lastRead_datetime: 'Last read' },
  },
  names: { circles: 'All sites', tags: 'All tags', vas: 'All authors' },
  search: { type: { VA: 'Author', circle: 'Site' } },
  progress: { marked: 'Want to read', listening: 'Reading', listened: 'Read', replay: 'Rereading', postponed: 'Shelved' },
  fav: {
    histroy: 'Reading history', folder: 'Categorised', empty: 'Nothing here yet: rate a novel or mark its progress and it shows up here.',
    sort: { release: 'Publish time', dl_count: 'Reads' },
  },
  wordCount: '{{n}} × 10k words', complete: 'Complete', serial: 'Serial',
  myProcess: { 0: 'Watching', 1: 'Watched', 2: 'Shelved', 3: 'Want to watch' },
  detail: {
    origin: 'Origin page', update: 'Update info', reads: '{{count}} reads', published: 'Published {{time}}',
    historyDeleted: 'history deleted', historyDeleteFailed: 'failed to delete history',
  },
  txt: {
    title: 'TXT', button: 'TXT ({{count}})', none: 'No TXT uploaded yet.', choose: 'Choose a TXT file', upload: 'Upload', download: 'Download',
    deleteConfirm: 'Delete this TXT?', tooLarge: 'The file is larger than 4 MB (4194304 bytes).',
    limit: 'At most 4 MB; Shift-JIS, GBK and UTF-8 files are stored as UTF-8.', facts: '{{kb}} KB · uploaded as {{encoding}} · {{time}}',
    read: 'Read', reader: 'Reader', previous: 'Previous page', next: 'Next page', page: 'Page {{n}} / {{total}}', back: 'Back to the novel', loadFailed: 'Cannot open the TXT', goto: 'Go to page',
  },
  add: {
    title: 'Add a novel', url: 'Link', search: 'Search', id: 'Id', name: 'Title', cover: 'Cover address', author: 'Author', plat: 'Site',
    desc: 'Short description', info: 'Info', status: 'Status', wordCount: 'Word count', publish: 'Publish time', tags: 'Tags', rate: 'Rating',
    myProcess: 'My progress', noProcess: 'None', reset: 'Reset', filled: 'Form filled from the page', nameRequired: 'Enter a title',
  },
};

export type NovelMessages = typeof novelEn;
export default novelEn;
