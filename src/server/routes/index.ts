/** Every API router, mounted in this order by createApp. */
import { authRouter } from './auth/index.js';
import { tracksRouter } from './tracks/index.js';
import { mediaRouter } from './media.js';
import { coverRouter } from './cover/index.js';
import { configAdminRouter } from './config-admin/index.js';
import { rootsRouter } from './roots/index.js';
import { credentialsRouter } from './credentials/index.js';
import { lyricRouter } from './lyric/index.js';
import { workerKeysRouter } from './worker-keys/index.js';
import { worksRouter } from './works/index.js';
import { namesRouter } from './names/index.js';
import { workRouter } from './work/index.js';
import { reviewRouter } from './review/index.js';
import { histroyRouter } from './histroy/index.js';
import { versionRouter } from './version.js';
import { configSharedRouter } from './config-shared.js';
import { playerAccessRouter } from './player-access/index.js';
import { trialRouter } from './trial/index.js';
import { novelRouter } from './novel/index.js';
import { playlistsRouter } from './playlists/index.js';
import { novelReadingRouter } from './novel-reading/index.js';
import { bookmarksRouter } from './bookmarks/index.js';

export const routers = [authRouter, worksRouter, namesRouter, workRouter, reviewRouter, histroyRouter, versionRouter, configSharedRouter, tracksRouter, mediaRouter, coverRouter, configAdminRouter, rootsRouter, credentialsRouter, lyricRouter, workerKeysRouter, playerAccessRouter, trialRouter, novelReadingRouter, novelRouter, playlistsRouter, bookmarksRouter];
