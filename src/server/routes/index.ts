/** Every API router, mounted in this order by createApp. */
import { authRouter } from './auth.js';
import { tracksRouter } from './tracks.js';
import { mediaRouter } from './media.js';
import { coverRouter } from './cover.js';
import { configAdminRouter } from './config-admin.js';
import { rootsRouter } from './roots.js';
import { credentialsRouter } from './credentials.js';
import { lyricRouter } from './lyric.js';

export const routers = [authRouter, tracksRouter, mediaRouter, coverRouter, configAdminRouter, rootsRouter, credentialsRouter, lyricRouter];
