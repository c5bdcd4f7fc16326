/** Every API router, mounted in this order by createApp. */
import { authRouter } from './auth.js';
import { tracksRouter } from './tracks.js';
import { mediaRouter } from './media.js';
import { coverRouter } from './cover.js';
import { configAdminRouter } from './config-admin.js';
import { rootsRouter } from './roots.js';
import { credentialsRouter } from './credentials.js';
import { lyricRouter } from './lyric.js';
import { worksRouter } from './works.js';
import { namesRouter } from './names.js';
import { workRouter } from './work.js';
import { reviewRouter } from './review.js';
import { histroyRouter } from './histroy.js';
import { versionRouter } from './version.js';
import { configSharedRouter } from './config-shared.js';

export const routers = [authRouter, worksRouter, namesRouter, workRouter, reviewRouter, histroyRouter, versionRouter, configSharedRouter, tracksRouter, mediaRouter, coverRouter, configAdminRouter, rootsRouter, credentialsRouter, lyricRouter];
