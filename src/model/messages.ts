/**
 * The catalogue of every text the server says to a person: the `message` of an answer,
 * the `error` of a refusal, each realtime scanner message and log line. Each has a stable
 * code (`review.saved`) and an English template with named parameters (`{count} lyric
 * tasks created`); the wire carries the English text (scripts and the spec read it) and,
 * beside it, `code` and `params`, so the web UI says it in its own language (zh-CN and en
 * keys `server.<code>` in web/src/i18n, filled by i18next with the same params).
 * `say(code, params)` is the one way to make such a text: the English comes from the
 * template here, never from a second copy, and the params must name every placeholder
 * of the template (checked by the compiler). Pure: nothing else of the project.
 */

/** Code -> English template; `{name}` is a parameter. Grouped by area; codes never change once shipped. */
export const MESSAGES = {
  // requests in general (the error middleware and the validation step)
  'api.notFound': 'not found',
  'api.methodNotAllowed': 'method {method} not allowed here',
  'api.methodNotImplemented': 'method {method} not implemented',
  'server.internal': 'internal server error',
  'server.busy': 'the database is busy with another write; nothing was saved, try again',
  'request.bad': '{reason}',
  'input.invalid': 'invalid input',
  'input.rule': '{reason}',
  'input.fieldRule': '{field}: {reason}',
  'input.nul': '{field}: must not contain NUL bytes',
  'input.wrongType': '{field}: expected {expected}',
  'input.tooSmall': '{field}: must be at least {minimum}',
  'input.notAbove': '{field}: must be more than {minimum}',
  'input.tooBig': '{field}: must be at most {maximum}',
  'input.notBelow': '{field}: must be less than {maximum}',
  'input.tooShort': '{field}: too short (at least {minimum})',
  'input.tooLong': '{field}: too long (at most {maximum})',
  'input.notOneOf': '{field}: must be one of {values}',
  'input.unknownKey': 'unknown key: {field}',
  'input.badFormat': '{field}: malformed',
  'input.notDate': '{field}: not a date (YYYY-MM-DD or YYYY-MM-DDTHH:MM)',
  'input.tooDeep': 'the request body is nested more than {max} levels deep',
  'error.other': '{reason}',

  // sign-in and permissions
  'auth.wrongCredentials': 'wrong user name or password',
  'auth.unauthorized': 'unauthorized',
  'auth.signInAgain': 'unauthorized: log in again',
  'auth.signedIn': 'logged in',
  'auth.guestReadOnly': 'guests cannot make changes',
  'auth.adminOnly': 'admin only',
  'auth.remoteBlocked': 'remote connections are blocked (blockRemoteConnection)',
  'auth.throttled': 'too many failed sign-ins, try again in {seconds} s',

  // works, names, files
  'work.notFound': 'work not found',
  'work.idNotFound': 'work {id} not found',
  'work.notInLibrary': 'work {code} not found in the library',
  'work.deleted': 'work {code} deleted',
  'work.scanUpdated': '{code} scanned: updated',
  'work.scanSkipped': '{code} scanned: skipped',
  'work.scanRemoved': '{code} scanned: removed',
  'work.scanFailed': '{code} scan failed: {reason}',
  'work.metadataNotFetched': '{code} scanned; its metadata was not fetched: {reason}',
  'circle.notFound': 'circle not found',
  'tag.notFound': 'tag not found',
  'va.notFound': 'va not found',
  'file.notFound': 'file not found',
  'work.noFiles': 'this work has no files to download',
  'file.notImage': 'not an image',
  'media.rangeNotSatisfiable': 'range not satisfiable',
  'media.offsetPastEnd': 'offset {offset} s is at or past the end of the track ({duration} s)',
  'media.transcodeFailed': 'the track could not be transcoded: {reason}',

  // reviews and play history
  'review.saved': 'review saved',
  'review.ratingSaved': 'rating saved',
  'review.progressSaved': 'progress saved',
  'review.deleted': 'review deleted',
  'review.notFound': 'review not found',
  'history.saved': 'history saved',
  'history.deleted': 'history deleted',
  'history.notFound': 'history delete failed: no history for this work',

  // bookmarks (src/bookmarks): a kept place in a track
  'bookmark.saved': 'bookmark saved',
  'bookmark.deleted': 'bookmark deleted',
  'bookmark.notFound': 'no bookmark of this track',
  'bookmark.trackNotFound': 'track {hash} not found',

  // music players (src/subsonic): the caller's player password and API keys
  'playerAccess.passwordSaved': 'player password saved',
  'playerAccess.passwordRemoved': 'player password removed',
  'playerAccess.keyCreated': 'API key created',
  'playerAccess.keyRevoked': 'API key revoked',
  'playerAccess.playerSaved': 'player settings saved',
  'playerAccess.playerNotFound': 'no such player',
  'playerAccess.keyNotFound': 'no API key {id} for {user}',
  'playerAccess.samePassword': 'the player password must differ from the login password',
  'star.songNotFound': 'song {workId}/{fileId} not found',

  // playlists (src/playlists)
  'playlist.notFound': 'playlist {id} not found',
  'playlist.notOwner': 'only the owner may change playlist {id}',
  'playlist.created': 'playlist {name} created',
  'playlist.saved': 'playlist saved',
  'playlist.deleted': 'playlist deleted',
  'playlist.tracksAdded': '{count} track(s) added',
  'playlist.entryRemoved': 'track removed from the playlist',
  'playlist.full': 'a playlist holds at most {max} tracks',
  'playlist.trackNotFound': 'track {hash} not found',
  'playlist.entryNotFound': 'entry {id} not found in the playlist',
  'playlist.orderStale': 'the playlist changed meanwhile: reload it and try again',

  // AI lyric tasks and workers
  'lyric.taskCreated': 'lyric task created',
  'lyric.taskExists': 'lyric task already exists',
  'lyric.tasksCreated': '{count} lyric tasks created',
  'lyric.taskStarted': 'lyric task started',
  'lyric.taskRequeued': 'lyric task queued again',
  'lyric.taskDeleted': 'lyric task deleted',
  'lyric.taskNotFound': 'lyric task {id} not found',
  'lyric.taskNoLyric': 'lyric task {id} has no lyric',
  'lyric.notClaimed': 'lyric task {id} is not claimed with this secret',
  'lyric.noTimedLines': 'lrc has no timed lyric lines',
  'lyric.badHash': 'not a track hash: {hash}',
  'lyric.audioNotFound': 'audio file {hash} not found',
  'lyric.badFolder': 'invalid folder',
  'lyric.noAudioInFolder': 'no audio files in {folder}',
  'lyric.noAudioInWork': 'no audio files in the work',
  'worker.unknownKey': 'unknown or revoked worker key',
  'worker.only': 'lyric workers only: the admin or a worker key',
  'workerKey.created': 'worker key {name} created',
  'workerKey.revoked': 'worker key {name} revoked',
  'workerKey.badName': 'key name: 1 to {max} characters, no control characters',
  'workerKey.nameTaken': 'a worker key named {name} exists: revoke it first',
  'workerKey.notFound': 'no worker key {id}',
  'workerKey.nameNotFound': 'no active worker key named {name}',

  // users
  'user.added': 'user {name} ({group}) added',
  'user.passwordChanged': 'password of {name} changed',
  'user.deleted': 'deleted {count} user(s): {names}',
  'user.nameTaken': 'name already exists, usernames must not repeat',
  'user.notFound': 'no such user: {names}',
  'user.adminUndeletable': 'the admin user cannot be deleted',
  'user.nameReserved': 'the name {name} is reserved for the admin account, which audiolib serve creates on its first start',
  'user.groupSet': 'user {name} is now in group {group}',
  'user.adminGroupFixed': 'the admin user stays in the admin group',
  'user.lastAdmin': '{name} is the last admin: make another user admin first',

  // configuration and root folders
  'config.saved': 'config saved',
  'config.invalid': 'invalid config',
  'config.unknownKey': 'unknown config key: {key}',
  'config.notObject': 'config: expected an object',
  'config.readOnly': '{key}: read-only',
  'config.authInProduction': 'auth: cannot be changed in production',
  'config.badCron': 'scanCron: not a cron expression: {value} (five fields, such as "0 3 * * *"; empty for no scheduled scans)',
  'config.badBackupCron': 'backupCron: not a cron expression: {value} (five fields, such as "30 3 * * *"; empty for no scheduled backups)',
  'config.notAbsolute': '{key}: must be an absolute path: {value}',
  'config.cannotMakeDataDir': 'cannot create the data directory {path}: {reason}',
  'config.cannotRead': 'cannot read {path}: {reason}',
  'config.notJson': '{path}: not valid JSON ({reason})',
  'config.cannotWrite': 'cannot write {path}: {reason}',
  'root.added': 'root folder {name} added',
  'root.renamed': 'root folder {name} renamed to {newName}',
  'root.removed': 'root folder {name} removed',
  'root.notFound': 'no root folder named {name}',
  'root.pathMissing': 'path does not exist: {path}',
  'root.notDirectory': 'path is not a directory: {path}',
  'root.nameTaken': 'root folder name already exists: {name}',
  'root.pathTaken': 'root folder already added: {path}',

  // the scanner socket and its runs
  'socket.unknownCommand': 'unknown command: {command}',
  'scan.alreadyRunning': 'a scan is already running',
  'scan.noRoots': 'no root folders to scan: add one in the settings',
  'scan.notRunning': 'no scan is running',
  'scan.locked': 'a scan is already running (pid {pid} on {host}, started {started} UTC)',
  'scan.otherProcess': 'a scan is already running (pid {pid} on {host}, started {started} UTC) in another process',
  'scan.summary': 'added {added}, updated {updated}, skipped {skipped}, failed {failed}, duplicates {duplicates}',
  'scan.finished': 'scan finished: added {added}, updated {updated}, skipped {skipped}, failed {failed}, duplicates {duplicates}',
  'scan.finishedMetadata': 'scan finished: added {added}, updated {updated}, skipped {skipped}, failed {failed}, duplicates {duplicates}, metadata not fetched {notFetched}',
  'scan.killed': 'scan killed: added {added}, updated {updated}, skipped {skipped}, failed {failed}, duplicates {duplicates}',
  'scan.stopped': 'scan killed',
  'scan.lyricsKilled': 'lyric scan killed',
  'scan.refreshKilled': 'library info refresh killed',
  'scan.lockLost': 'scan stopped: pid {pid} on {host} lost the scan lock (its database connection ended), so another instance may scan now; what was saved stays, scan again to finish',
  'trial.fetchFinished': 'trial fetch finished: listed {listed}, added {added}, skipped {skipped}',
  'trial.fetchKilled': 'trial fetch killed',
  'trial.listingReading': 'reading the new-release listing {url}',
  'trial.listingCount': '{count} works on the listing',
  'trial.newWork': 'new trial work: {title}',
  'trial.noPageLink': 'no trial link on the work page ({reason}); using trialArchiveUrl',
  'trial.downloading': 'downloading {url}',
  'trial.downloadStarted': 'download of {code} started',
  'trial.downloadState': 'download {state}',
  'trial.disliked': '{code} disliked',
  'trial.downloadHttp': 'the store answered HTTP {status} for the trial archive',
  'trial.downloadUnreachable': 'the store could not be reached for the trial archive',
  'trial.archiveTooLarge': 'the trial archive is larger than the limit of {limit} bytes (trialMaxBytes)',
  'trial.downloadFileSystem': 'file system error: {reason}',
  'trial.downloadFailed': '{reason}',
  'trial.notInCatalogue': 'work {code} is not in the trial catalogue',
  'trial.leftCatalogue': '{code} is no longer in the trial catalogue',
  'trial.dislikeDownloading': '{code} is downloading; dislike it when the download ends',
  'trial.downloadRunning': 'a download of {code} is already running',
  'trial.downloadedAlready': '{code} is downloaded already',
  'trial.notWaiting': '{code} is no longer waiting for its download',
  'trial.noDownload': 'no download of this work',
  'trial.announcedTooLarge': 'the trial archive of {code} is {bytes} bytes, more than trialMaxBytes ({limit}); refused',
  'trial.archiveTooManyEntries': 'the archive holds {count} entries, more than trialMaxEntries ({limit}); refused',
  'trial.archiveUnsafeEntry': 'unsafe entry in the archive, refused: {name}',
  'trial.archiveRepeatedEntry': 'repeated entry in the archive, refused: {name}',
  'trial.archiveEncryptedEntry': 'encrypted entry in the archive, refused: {name}',
  'trial.archiveUnpacksTooLarge': 'the archive unpacks to more than {limit} bytes (trialMaxBytes), refused',
  'scan.scanning': 'scanning {roots}',
  'scan.scanningNothing': 'scanning no folders',
  'scan.found': 'found {count} work folders',
  'scan.rescanning': 'rescanning the files and lyrics of {count} works',
  'scan.duplicate': '{code} is in two folders: kept {kept}, duplicate {duplicate}',
  'scan.deletedStaysHidden': '{code} was deleted by an admin; it stays hidden',
  'scan.massRemoval': 'would hide {count} of {total} works whose folders are missing; is a drive unmounted? rerun with --allow-mass-removal to hide them',
  'scan.massRemovalRoot': 'root folder {name} ({path}) cannot be read: {reason}; would hide {count} of {total} works whose folders are missing; is a drive unmounted? rerun with --allow-mass-removal to hide them',
  'scan.hidMissing': 'hid {count} works whose folders are missing: {codes}',
  'scan.newFolder': 'new folder: {path}',
  'scan.filesChanged': 'files changed: {path}',
  'scan.filesSynced': '{added} files added, {changed} changed, {removed} removed',
  'scan.filesSyncedRestored': '{added} files added, {changed} changed, {removed} removed; the work is visible again',
  'scan.noDuration': 'no duration for {file}: {reason}',
  'scan.nameNotUtf8': 'cannot read {path}: its name is not valid UTF-8 (rename it, for example with convmv)',
  'scan.skipUnreadable': 'skipping {path}: {reason}',
  'scan.skipLinkOutside': 'skipping link {path} -> {target}: outside the library roots',
  'scan.skipLinkLoop': 'skipping symlink loop {path} -> {target}',
  'scan.skipBrokenLink': 'skipping broken link {path}: {reason}',
  'scan.skipTooDeep': 'skipping {path}: folders nested deeper than {depth}',
  'scan.folderUnreadable': 'cannot read folder {path}: {reason}',
  'scan.rootMissing': 'cannot read root folder {name} ({path}): folder not found',
  'scan.rootUnreadable': 'cannot read root folder {name} ({path}): {reason}',

  // the metadata fetch (scanner log lines)
  'metadata.fetching': 'fetching metadata of {count} works',
  'metadata.fetchFinished': 'metadata fetch finished: {ok} fetched, {notFetched} not fetched',
  'metadata.fetchKilled': 'metadata fetch killed',
  'metadata.refreshing': 'refreshing the info of {count} works',
  'metadata.summary': 'metadata: {ok} fetched, {failed} not fetched ({unknown} unknown to the stores, {unreachable} store errors)',
  'metadata.notFetched': 'metadata not fetched; the next scan retries it',
  'metadata.fromDlsite': 'fetching metadata from DLsite',
  'metadata.saved': 'metadata saved ({source}): {title}',
  'metadata.savedWithProblems': 'metadata saved with problems, will retry: {reason}',
  'metadata.failed': 'metadata failed, will retry: {reason}',
  'metadata.retry': '{reason}; attempt {attempt} of {attempts}',
  'metadata.unknownToDlsite': 'DLsite does not know this work (404); trying HVDB',
  'metadata.noDynamicInfo': 'DLsite has no dynamic info for this work',
  'metadata.dynamicUpdated': 'dynamic info updated',
  'metadata.dynamicFailed': 'dynamic info failed: {reason}',
  'metadata.dynamicUnknown': 'unknown to DLsite: no dynamic info',
  'metadata.noSuchWork': 'no such work in the catalogue',
  'metadata.coverFailed': 'cover {type}: {reason}',
  'metadata.askHvdb': 'the store page lists no voice actor; asking HVDB',
  'metadata.hvdbRetry': 'HVDB: {reason}; attempt {attempt} of {attempts}',
  'metadata.hvdbUnknown': 'HVDB does not know this work',
  'metadata.hvdbNoVas': 'HVDB lists no voice actor either',
  'metadata.hvdbVas': 'voice actors from HVDB: {vas}',
  'metadata.hvdbFailed': 'HVDB failed: {reason}',

  // why a work's metadata was not fetched (the `reason` of the lines above, coded in turn)
  'metadata.unknownWork': 'unknown work code: neither DLsite nor HVDB has it',
  'metadata.notWorkPage': 'not a work page (no #work_name)',
  'metadata.notHvdbPage': 'not an HVDB work page (no DLSiteCode or Name)',
  'metadata.hvdbOtherWork': 'HVDB answered the page of {code}',
  'metadata.notImage': 'not an image: {url}',
  'metadata.dynamicNotObject': 'dynamic info: not an object keyed by work code',
  'metadata.dynamicMalformed': 'dynamic info of {code}: {field} {problem}',
  'metadata.problemDynamic': 'dynamic info: {reason}',
  'metadata.problemCover': 'cover: {reason}',
  'metadata.twoProblems': '{first}; {second}',
  'fetch.http': 'HTTP {status}: {url}',
  'fetch.timedOut': 'timed out after {ms} ms: {url}',
  'fetch.unreachable': 'cannot reach {url}: {cause}',
  'fetch.unreachableProxy': 'cannot reach {url} through the proxy {proxy}: {cause}',
  'fetch.notJson': 'not JSON: {url}',
  'fetch.tooLarge': 'answer larger than {limit} bytes: {url}',
  'fetch.tooLargeDownload': 'answer of {size} bytes or more is larger than the limit of {limit} bytes: {url}',
  'network.refused': 'connection refused',
  'network.reset': 'connection reset',
  'network.hostNotFound': 'host name not found',
  'network.timedOut': 'connection timed out',
  'network.unreachable': 'host unreachable',

  // the novel section: novels, TXT uploads, the add form's spider
  'novel.notFound': 'novel not found',
  'novel.idNotFound': 'novel {id} not found',
  'novel.added': 'novel {id} added',
  'novel.updated': 'novel {id} updated',
  'novel.deleted': 'novel {id} deleted',
  'novel.exists': 'novel {id} already exists',
  'novel.unknownTag': 'unknown tag id {id}',
  'novel.unknownAuthor': 'unknown author id {id}',
  'novel.authorNotFound': 'author not found',
  'novel.noOrigin': 'this novel has no origin link',
  'novel.originUnreadable': 'cannot read the origin page: {reason}',
  'novel.historyNotFound': 'failed to delete history',
  'txt.uploaded': 'TXT uploaded ({encoding})',
  'txt.deleted': 'TXT deleted',
  'txt.notFound': 'novel {id} has no TXT',
  'reading.saved': 'reading position saved',
  'reading.pastEnd': 'position {offset} lies past the end of the text',
  'upload.notMultipart': 'expected a multipart/form-data upload',
  'upload.malformed': 'malformed upload: {reason}',
  'upload.noFile': 'no file in the upload',
  'upload.empty': 'the file is empty',
  'upload.tooLarge': 'the file is larger than {max} bytes',
  'spider.badUrl': 'not a valid address: {url}',
  'spider.badScheme': 'only http and https addresses are allowed, not {scheme}',
  'spider.privateAddress': 'refused: {host} is a loopback, link-local or private address ({address})',
  'spider.unresolved': 'cannot resolve {host}',
  'spider.noLocation': 'redirect without a location from {url}',
  'spider.tooManyRedirects': 'more than {max} redirects from {url}',
  'spider.notHtml': 'not an HTML page ({type}): {url}',
  'spider.failed': '{reason}',
} as const satisfies Record<string, string>;

/** A code of the catalogue: the only codes the server sends. */
export type MessageCode = keyof typeof MESSAGES;

/** A parameter's value: a count, a name, a path. */
export type MessageParam = string | number;

/** Parameters by name. */
export type MessageParams = Readonly<Record<string, MessageParam>>;

/** What `say` takes for a parameter: a value, or a coded text (a reason that is itself a text of the catalogue). */
type SayParam = MessageParam | CodedText;

/** The parameter names of a template: the words inside `{...}`. */
type Placeholders<T extends string> = T extends `${string}{${infer Name}}${infer Rest}` ? Name | Placeholders<Rest> : never;

/** The parameters code `C` needs: exactly its template's placeholders. */
export type ParamsOf<C extends MessageCode> = { readonly [K in Placeholders<(typeof MESSAGES)[C]>]: MessageParam };

/** No argument for a code without placeholders, its params otherwise (each a value or a coded text). */
type ParamArgs<C extends MessageCode> = [Placeholders<(typeof MESSAGES)[C]>] extends [never] ? [] : [params: { readonly [K in keyof ParamsOf<C>]: SayParam }];

/**
 * A text for a person, as the wire carries it: `message` the English text, `code` its
 * catalogue code, `params` the values put into it (absent when the template has none).
 * Refusals carry the same three with `error` for `message` (src/server/middleware/errors.ts).
 * `paramTexts`: the params that are coded texts themselves (a `reason` such as
 * `fetch.http`), by name; `params` holds their English, and the UI says them in its
 * language before putting them in (web/src/i18n/serverText.ts).
 */
export interface CodedText { message: string; code: MessageCode; params?: MessageParams; paramTexts?: Readonly<Record<string, CodedText>> }

/** The English of `code` with `params` put in (a missing param stays as `{name}`). */
export function englishOf(code: MessageCode, params?: MessageParams): string {
  return MESSAGES[code].replace(/\{(\w+)\}/g, (whole, name: string) => (params && name in params ? String(params[name]) : whole));
}

/** Whether `value` is a code of the catalogue. */
export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && Object.hasOwn(MESSAGES, value);
}

/**
 * The coded text of `code` with `params`: `say('lyric.tasksCreated', {count: 2})` ->
 * `{message: '2 lyric tasks created', code: 'lyric.tasksCreated', params: {count: 2}}`.
 * A param given as a coded text goes in as its English and, by name, in `paramTexts`:
 * `say('metadata.failed', {reason: say('fetch.http', {status: 500, url})})`.
 */
export function say<C extends MessageCode>(code: C, ...args: ParamArgs<C>): CodedText {
  const given = args[0] as Readonly<Record<string, SayParam>> | undefined;
  if (!given) return { message: englishOf(code), code };
  const params: Record<string, MessageParam> = {};
  const paramTexts: Record<string, CodedText> = {};
  for (const [name, value] of Object.entries(given)) {
    if (typeof value === 'object') {
      params[name] = value.message;
      paramTexts[name] = value;
    } else params[name] = value;
  }
  const text: CodedText = { message: englishOf(code, params), code, params };
  return Object.keys(paramTexts).length ? { ...text, paramTexts } : text;
}
