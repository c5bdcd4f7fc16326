/**
 * English strings. The spec quotes its messages in English: those are used verbatim.
 * Keys are shared with zh-CN.ts (which is typed against this file).
 * `server` holds the server's texts by code (serverText.ts): the English templates of
 * src/model/messages.ts themselves, in i18next's `{{param}}` form.
 */
import { MESSAGES, type MessageCode } from '@model';

const server = Object.fromEntries(
  Object.entries(MESSAGES).map(([code, english]) => [code, english.replace(/\{(\w+)\}/g, '{{$1}}')]),
) as Record<MessageCode, string>;

const en = {
  app: { name: 'audiolib' },
  common: {
    cancel: 'Cancel', confirm: 'Confirm', close: 'Close', save: 'Save', delete: 'Delete', back: 'Back',
    loading: 'Loading…', submit: 'Submit', previous: 'Previous', next: 'Next', yes: 'Yes', no: 'No',
  },
  login: {
    title: 'Sign in', name: 'User name', password: 'Password', submit: 'Sign in',
    tooShort: 'password length at least 5', success: 'login successful.',
  },
  site: {
    title: 'Choose a site', audio: 'Audio', trial: 'Trial listening', novel: 'Novels', third: 'Third site',
    lyskMail: 'Mail', lyskAlarm: 'Alarm', lyskMovie: 'Movie', lyskEmpty: 'Nothing here yet.', backToSites: 'Back to the site chooser',
  },
  /** The kinds of value a field expects (the server's `input.wrongType` {expected}), for the zh-CN text. */
  valueKinds: { number: 'number', int: 'whole number', string: 'text', boolean: 'yes or no', array: 'list', object: 'object', date: 'date', nan: 'number', bigint: 'whole number' },
  notFound: { title: 'Page not found', text: 'Nothing lives at {{path}}.', home: 'Back to the works' },
  nav: {
    works: 'All works', trial: 'Trial listening', search: 'Advanced search', favourites: 'Favourites', circles: 'Circles', tags: 'Tags', vas: 'Voice actors',
    aiLyric: 'AI lyric centre', player: 'Full-screen player', random: 'Random listen', sleep: 'Sleep timer',
    night: 'Night mode', sites: 'Site selection', settings: 'Settings', logout: 'Log out', language: 'Language',
    logoutConfirm: 'Log out now?', keyword: 'Search keyword', menu: 'Menu', signedInAs: 'Signed in as {{name}}',
  },
  players: {
    nav: 'Music players', title: 'Music players and phones',
    transcodeTitle: 'Transcoding per player',
    transcodeHint: 'Each player you signed in with is listed by its name. Its streams are converted to at most this bit rate and into this format, unless the player asks for less itself; a file already at or under the rate is sent as it is.',
    noPlayers: 'No player has connected yet.', client: 'Player', maxBitRate: 'Max bit rate', format: 'Format', lastSeen: 'Last seen',
    noLimit: 'No limit', kbps: '{{n}} kbit/s', formatDefault: 'As the player asks', formatRaw: 'Original file',
    serverHint: 'Subsonic players (DSub, Symfonium, Substreamer, Tempo, Amperfy, Feishin…) connect with these settings and one of the two ways below.',
    server: 'Server address', user: 'User name',
    passwordTitle: 'Player password',
    passwordHint: 'For players that sign in with a token. Not your login password: it is kept readable (encrypted) for the token check.',
    passwordSet: 'A player password is set.', passwordUnset: 'No player password is set.',
    newPassword: 'New player password', confirmPassword: 'Confirm the player password',
    tooShort: 'password length at least 5', mismatch: 'the two passwords do not match',
    removePassword: 'Remove', removeConfirm: 'Remove the player password? Players signing in with it stop working.',
    keysTitle: 'API keys', keysHint: 'For players that support OpenSubsonic API keys: paste a key instead of a user name and password.',
    noKeys: 'No API keys yet.', keyName: 'Label', keyNamePlaceholder: 'phone', createKey: 'Create a key',
    keyCreated: 'New API key: copy it now, it is shown only once', copy: 'Copy the key',
    created: 'Created', lastUsed: 'Last used', never: 'never', revoke: 'Revoke {{name}}',
    revokeConfirm: 'Revoke the key {{name}}? Players using it stop working at once.',
  },
  sleep: {
    title: 'Sleep timer', time: 'Pause at (HH:MM)', set: 'Set', cancel: 'Cancel timer', none: 'No timer set',
    setAt: 'Playback pauses at {{time}}', cleared: 'Sleep timer cancelled', invalid: 'Enter a time as HH:MM',
    after: 'After', minutes: '{{count}} min', atTrackEnd: 'End of this track', atTrackEndSet: 'Playback pauses at the end of this track', orTime: 'Or at a time of day',
  },
  works: {
    all: 'All works', tag: 'Search tag: {{name}}', va: 'Search voice actor: {{name}}', circle: 'Circle works: {{name}}',
    keyword: 'Search keyword: {{name}}', advance: 'Aggregate search',
    noMore: 'no more works', empty: 'No works', sort: 'Sort by', nsfw: 'Age rating', lyric: 'Subtitles',
    unknown: { circle: 'No such circle', tag: 'No such tag', va: 'No such voice actor' }, unknownHint: 'The id in the address does not exist; it may have been deleted.',
    asc: 'Ascending', desc: 'Descending', grid: 'Grid', list: 'List', labels: 'Show labels', detail: 'Detailed cards', zoom: 'Thumbnails',
    deleteConfirm: 'delete audio?', recent: 'Recent plays', recentAll: 'History', continue: 'Continue listening', listened: '{{percent}}% listened', tracks: '{{count}} tracks',
    order: {
      release: 'Release date', rating: 'My rating', dl_count: 'Sales', price: 'Price', rate_average_2dp: 'Average rating',
      review_count: 'Review count', id: 'Work code', created_at: 'Date added', random: 'Random', betterRandom: 'Random',
    },
    nsfwOpt: { 0: 'All', 1: 'All ages', 2: 'Adults only (R18)' },
    noStoreData: 'No store data', lyricOpt: { local: 'Local subtitles', ai: 'AI subtitles' },
  },
  search: {
    placeholder: 'Add a keyword', add: 'Add', blank: 'cannot add blank keyword', duplicated: 'keyword duplicated, add failed',
    type: { unknown: 'Unknown', fuzzy: 'Fuzzy', VA: 'VA', tag: 'Tag', circle: 'Circle' }, hint: 'Add keywords to search', typeLabel: 'Keyword type',
  },
  names: { circles: 'All circles', tags: 'All tags', vas: 'All voice actors', filter: 'Filter by name', empty: 'Nothing matches' },
  work: {
    noStoreData: 'No store data', fetchAgain: 'Fetch again', noStoreDataHint: 'The store\'s data of this work could not be fetched: no price, sales or ratings.', store: 'Store page', price: '{{price}} yen', sales: 'Sales {{count}}', average: 'Average {{avg}}', rateCount: '{{count}} ratings',
    reviewCount: '{{count}} reviews', myRating: 'My rating', progress: 'Progress', noProgress: 'Set progress', writeReview: 'Write a review',
    reviewText: 'Review', deleteReview: 'Delete review', deleteReviewConfirm: 'Delete your review of this work?',
    playHistory: 'Play from history', deleteHistory: 'Delete history', deleteHistoryConfirm: 'Delete the play history of this work?',
    historyDeleted: 'history deleted', historyDeleteFailed: 'history delete failed: {{message}}', resumed: 'resumed play history',
    translateFolder: 'Translate this folder', scan: 'Scan local files', deleteWork: 'Delete work', deleteWorkConfirm: 'delete audio?',
    translateQueued: '{{count}} tasks submitted', noAudio: 'No audio in this folder',
    items: '{{count}} items', root: 'ROOT', emptyFolder: 'Empty folder',
    addToPlaylist: 'Add to playlist', playNext: 'Play next', download: 'Download', aiTranslate: 'AI translate', downloadAll: 'Download the whole work (zip)',
    imageIndex: '{{n}}/{{total}}', useAsCover: 'use as visualiser cover', coverSet: 'cover set successfully', openVisualiser: 'Open the visualiser',
    addedToQueue: 'Added to the queue', willPlayNext: 'Will play next',
    ai: { 0: 'none', 1: 'pending', 2: 'transcribing', 3: 'success', 4: 'error' },
  },
  playlist: {
    mine: 'My playlists', others: 'Public playlists of others', create: 'New playlist', name: 'Playlist name',
    none: 'No playlists yet: create one here, or add tracks from a work\'s file tree or from the play queue.',
    summary: '{{count}} tracks · {{duration}}', public: 'Public', owner: 'by {{name}}', back: 'All playlists',
    play: 'Play all', rename: 'Rename', renameTitle: 'Rename the playlist', makePublic: 'Public: other users can read it',
    delete: 'Delete', deleteConfirm: 'Delete the playlist {{name}}?', empty: 'This playlist is empty.', unavailable: 'unavailable',
    trial: 'trial', moveUp: 'Move up', moveDown: 'Move down', drag: 'Drag to reorder', remove: 'Remove from the playlist',
    addTrack: 'Save to a playlist…', addWork: 'Save the whole work to a playlist…', addQueue: 'Save the queue to a playlist',
    addItem: 'Save to a playlist', addTitle: 'Save to a playlist', newWith: 'New playlist with these tracks', readOnly: 'You can read this playlist but not change it.',
    nameRequired: 'Enter a name',
  },
  progress: { marked: 'Want to listen', listening: 'Listening', listened: 'Listened', replay: 'Replay', postponed: 'Shelved' },
  fav: {
    histroy: 'History', review: 'My reviews', progress: 'My progress', folder: 'Playlists',
    folderTodo: 'not yet implemented, stay tuned', empty: 'Nothing yet: mark stars or progress on a work page and they appear here.',
    playFromHistory: 'play from history', position: '{{n}}/{{total}}', updated: 'Updated {{time}}', all: 'All',
    sort: {
      updated_at: 'Last updated', userRating: 'My rating', release: 'Release date', review_count: 'Review count', dl_count: 'Sales',
      allage: 'All ages first', nsfw: 'Adults only first',
    },
  },
  bookmarks: {
    title: 'Bookmarks', add: 'Add a bookmark at the current second', play: 'Play from {{time}}', delete: 'Delete the bookmark',
  },
  player: {
    quality: 'Stream quality', qualityOriginal: 'Original', qualityKbps: '{{n}} kbit/s (MP3)',
    play: 'Play', pause: 'Pause', previous: 'Previous track', next: 'Next track', seek: 'Position', nothing: 'Nothing is playing',
    rewind: 'Back {{n}} s', forward: 'Forward {{n}} s', playMode: 'Play mode: {{mode}}',
    modes: { order: 'In order', all_repeat: 'Repeat all', repeat_once: 'Repeat one', shuffle: 'Shuffle' },
    volume: 'Volume', volumeIs: 'Volume {{n}}%', mute: 'Mute', unmute: 'Unmute', speed: 'Playback speed',
    queue: 'Play queue', queueTitle: 'Play queue ({{n}})', queueEdit: 'Edit', queueDone: 'Done', queueEmpty: 'Empty',
    queueNone: 'The queue is empty', queueDrag: 'Drag to reorder', queueRemove: 'Remove from the queue',
    expand: 'Expand the player', collapse: 'Collapse the player', fullScreen: 'Full screen', settings: 'Player settings',
    swapSeek: 'Swap seek buttons', visualizer: 'Visualizer', desktopLyrics: 'Desktop lyrics', videoSource: 'Video source drawing',
    videoSourceWarning: 'Drawing the visualiser into the picture-in-picture video costs a lot of CPU and battery. Turn it on?',
    refreshHint: 'Refresh the page for this setting to take full effect',
    desktopLyricsWait: 'failed to open, play audio for 5s and retry', desktopLyricsOff: 'Picture-in-picture failed; desktop lyrics switched off',
    noLyric: 'No lyric', looseLyric: 'using loose lyric matching', lyricOffset: 'Lyric offset {{n}} s', reset: 'Reset',
    lyricSizeLabel: 'Lyric size', lyricSize: 'Lyric size {{n}}',
    syncTitle: 'Lyric sync helper', syncReady: 'Play a line. Which came first? Press at that moment.',
    syncLyricFirst: 'The lyric came first', syncAudioFirst: 'The voice came first',
    syncWaitAudio: 'Press when the voice comes', syncWaitLyric: 'Press when the lyric comes', syncNow: 'Now',
    syncDelta: 'Measured delta:', syncRetry: 'Measure again', syncApply: 'Apply',
    sleepFired: 'Sleep timer reached: playback paused',
    nothingPlaying: 'nothing is playing, play a work first then open the visualiser page',
    leftChannel: 'Left channel', rightChannel: 'Right channel', swapChannels: 'Swap left and right channels',
    iosVisualizerWarning: 'On Mobile Safari the visualizer may silence the audio; turn it off in the player settings if so',
  },
  errors: { network: 'Network error' },
  version: { lock: 'Scan lock: {{reason}}', later: 'remind me later', goScan: 'go to scan page', update: 'A new version is available' },
  admin: {
    title: 'Administration', adminOnly: 'The administration pages are for the admin account.',
    nav: { home: 'Audio library', scanner: 'Scanner', advanced: 'Advanced settings', usermanage: 'User management', back: 'Back home' },
    roots: {
      title: 'Audio library', hint: 'Folders on the server that scans walk for works.', empty: 'No library folders yet.',
      name: 'Name', path: 'Path', add: 'Add a library folder', addButton: 'Add', rename: 'Rename', remove: 'Remove',
      newName: 'New name', confirmRemove: 'Remove the library folder {{name}}? Its works and everyone\'s reviews stay.',
    },
    advanced: {
      title: 'Advanced settings', default: 'Default: {{value}}', readOnly: 'read-only', authLocked: 'cannot be changed in production',
      needsRestart: 'needs restart', restartLegend: 'Fields marked “needs restart” take effect when the server next starts.', restartNeeded: 'Restart the server to apply: {{keys}}',
      cards: { web: 'Web preferences', player: 'Player settings', crawler: 'Crawler settings', scan: 'Folder scan settings', server: 'Web server settings', security: 'Security', other: 'Other' },
    },
    choices: {
      subsonicVariant: { lossless: 'Lossless first (wav, flac)', lossy: 'Lossy first (mp3, m4a, ogg, opus)' },
    },
    keys: {
      pageSize: 'Works per page', rewindSeekTime: 'Rewind seek time (s)', forwardSeekTime: 'Forward seek time (s)',
      tagLanguage: 'Tag language', dlsiteTimeout: 'DLsite timeout', hvdbTimeout: 'HVDB timeout', retryDelay: 'Retry interval',
      retry: 'Max attempts', maxParallelism: 'Crawler parallelism', httpProxyHost: 'HTTP proxy host (empty: none)', httpProxyPort: 'HTTP proxy port (0: none)',
      scannerMaxRecursionDepth: 'Maximum scan recursion depth', skipCleanup: 'Skip cleanup after a scan', fetchMetadata: 'Fetch metadata of new works after a scan',
      production: 'Production mode', enableGzip: 'Gzip compression', listenPort: 'Listen port', blockRemoteConnection: 'Block remote connections', transcodeConcurrency: 'Transcodes at once (music players)', subsonicCodeInName: 'Work code in album names (music players)', subsonicVariant: 'Copy an album lists when a work holds its tracks in several formats (music players)',
      auth: 'Authentication', expiresIn: 'Sign-in expiry', trustProxy: 'Behind a reverse proxy (client address from X-Forwarded-For)',
      checkUpdate: 'Check for updates', checkBetaUpdate: 'Check for beta updates', db: 'Database (empty: the SQLite file of the data directory; or postgres://…)', dbUseDefaultPath: 'Database in the default path', coverUseDefaultPath: 'Covers in the default path',
      scanCron: 'Scheduled scans (cron, e.g. 0 4 * * *; empty: none)', backupCron: 'Scheduled database backups (cron, e.g. 30 3 * * *; empty: none; SQLite only)', backupKeep: 'Backups kept', transcriberCommand: 'AI lyric transcriber command ({input}, {output})', lyricWorkerTimeout: 'AI lyric worker timeout',
      spiderAllowPrivate: 'Novel spider may fetch loopback and private network addresses',
    },
    users: {
      title: 'User management', changeAdminPassword: 'Change the admin password', newPassword: 'New password', confirmPassword: 'Confirm the password',
      change: 'Change', passwordTooShort: 'password length at least 5', mismatch: 'the two passwords do not match',
      addUser: 'Add a user', name: 'User name', password: 'Password', group: 'Group', add: 'Add', nameTooShort: 'username length at least 5',
      groups: { admin: 'admin', user: 'user', guest: 'guest' },
      allUsers: 'All users', selectAll: 'Select all users', select: 'Select {{name}}', confirmDelete: 'confirm deleting selected users?',
    },
    workers: {
      title: 'AI lyric workers',
      hint: 'Workers (audiolib translate --server URL --key-file FILE) sign in with a worker key instead of the admin password. Listeners cannot post lyrics.',
      name: 'Key name', create: 'Create key', createdTitle: 'Worker key {{name}} created',
      showOnce: 'Copy this key now and give it to the worker: it is not shown again.', copy: 'Copy', copied: 'Copied', done: 'Done',
      active: 'active', revoked: 'revoked', created: 'created {{time}}', lastUsed: 'last used {{time}}', neverUsed: 'never used',
      revoke: 'Revoke', confirmRevoke: 'Revoke worker key {{name}}? Workers using it are refused at once.', empty: 'No worker keys yet.',
    },
  },
  aiLyric: {
    workId: 'Work id', workIdInvalid: 'Enter a work id such as RJ01012345', fileName: 'File name', status: 'Status',
    allStatuses: 'All statuses', refresh: 'Refresh', copyId: 'Copy the task id', copied: 'Copied task id {{id}}',
    openWork: 'Open the work', retry: 'Retry', delete: 'Delete', deleteConfirm: 'Delete this AI lyric task?',
    empty: 'No lyric tasks', noMore: 'no more tasks',
    noWorkerTitle: 'No AI lyric worker yet', noWorker: 'Lyric tasks wait until a worker runs (audiolib translate --server URL --key-file FILE, with transcriberCommand set). An admin can create worker keys.',
    workerKeys: 'Manage worker keys', novelEmpty: 'Novels have no audio, so no AI lyric tasks.',
  },
  adminScanner: {
    title: 'Scanner', noLogs: 'No messages yet', showLogs: 'Show the log', hideLogs: 'Hide the log', noTasks: 'Nothing here', disconnected: 'Not connected',
    buttons: { scan: 'scan local audio library', update: 'refresh library info', lyrics: 'scan changes of files inside works', metadata: 'fetch metadata again', trial: 'fetch new releases', kill: 'terminate scan process' },
    tabs: { processing: 'processing', failed: 'failed' },
    result: { added: 'added success', updated: 'updated success', skipped: 'skipped', failed: 'failed', metadata: 'metadata not fetched' },
    status: { none: 'not started', running: 'running', finished: 'finished', error: 'error' },
  },
  server,
  trial: {
    title: 'Trial listening', keyword: 'Trial works: {{name}}', dislike: 'Dislike', download: 'Download the trial',
    downloading: 'Downloading {{percent}}% ({{bytes}})', downloadingUnknown: 'Downloading ({{bytes}})', waiting: 'Waiting to download',
    unpacking: 'Unpacking', scanning: 'Reading the files', done: 'Trial downloaded', failed: 'Download failed: {{error}}',
    notDownloaded: 'The trial files are not downloaded yet.', spider: 'Trial crawler', spiderHint: 'Reads the store\'s new releases into the trial catalogue.',
    adminOnly: 'Only the admin can run the trial crawler.',
  },
};

export default en;
export type Messages = typeof en;
