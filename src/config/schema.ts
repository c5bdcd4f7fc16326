/**
 * Configuration schema: every admin config key of spec 001 section 3 with its default
 * (spec 001 section 9), plus the keys audiolib adds (library roots, store base URLs,
 * transcriber, scan schedule). Validated with zod; unknown keys are rejected so a typo
 * in `audiolib config set` is an error, not a silent no-op.
 */
import { z } from 'zod';
import { SUBSONIC_VARIANTS, type AdminConfig } from '../model/index.js';

const seek = z.union([z.literal(5), z.literal(10), z.literal(30)], { error: 'must be 5, 10 or 30 (seconds)' });

export const rootFolderSchema = z.object({
  name: z.string().trim().min(1).max(100),
  path: z.string().min(1),
});
export type RootFolder = z.infer<typeof rootFolderSchema>;

export const configSchema = z
  .object({
    // crawler (spec 001 section 3; milliseconds for timeouts and delays)
    tagLanguage: z.enum(['zh-cn', 'zh-tw', 'ja-jp']).default('zh-cn'),
    dlsiteTimeout: z.number().int().min(100).max(600_000).default(10_000),
    hvdbTimeout: z.number().int().min(100).max(600_000).default(10_000),
    retryDelay: z.number().int().min(0).max(600_000).default(2_000),
    retry: z.number().int().min(1).max(50).default(5),
    maxParallelism: z.number().int().min(1).max(256).default(16),
    httpProxyHost: z.string().default(''),
    httpProxyPort: z.number().int().min(0).max(65535).default(0),
    // folder scan
    scannerMaxRecursionDepth: z.number().int().min(0).max(32).default(2),
    skipCleanup: z.boolean().default(false),
    rootFolders: z.array(rootFolderSchema).default([]),
    scanCron: z.string().default(''),
    // scheduled backups of the SQLite database into backups/ of the data directory (src/db/backup.ts):
    // a cron expression ('' none), and how many of them are kept
    backupCron: z.string().default(''),
    backupKeep: z.number().int().min(1).max(10_000).default(7),
    // fetch each new or not-yet-fetched work's metadata after a scan (CLI --fetch/--no-fetch overrides)
    fetchMetadata: z.boolean().default(true),
    // web server
    production: z.boolean().default(true),
    auth: z.boolean().default(true),
    enableGzip: z.boolean().default(true),
    listenPort: z.number().int().min(1).max(65535).default(8888),
    blockRemoteConnection: z.boolean().default(false),
    trustProxy: z.boolean().default(false), // client address from X-Forwarded-For (behind a reverse proxy only)
    // players' API (/rest): album names start with the work code ('RJ01012345 title'), so a player's name filter finds a code
    subsonicCodeInName: z.boolean().default(true),
    // players' API: the copy an album lists when a work holds its tracks in several formats (mp3/, wav/): lossless or lossy first
    subsonicVariant: z.enum(SUBSONIC_VARIANTS).default('lossless'),
    // transcoding (src/transcode/README.md): ffmpeg processes running at once; further streams wait for one to end
    transcodeConcurrency: z.number().int().min(1).max(64).default(4),
    // security (seconds)
    expiresIn: z.number().int().min(60).default(2_592_000),
    // web preferences
    pageSize: z.number().int().min(1).max(100).default(12),
    // other
    checkUpdate: z.boolean().default(false),
    checkBetaUpdate: z.boolean().default(false),
    dbUseDefaultPath: z.boolean().default(true),
    // the database: '' the SQLite file of the data directory, else a SQLite file or a postgres:// URL (--db and AUDIOLIB_DB come first)
    db: z.string().default(''),
    coverUseDefaultPath: z.boolean().default(true),
    // player (seconds)
    rewindSeekTime: seek.default(5),
    forwardSeekTime: seek.default(30),
    // metadata sources: base URLs are configuration so tests can serve recorded pages
    dlsiteBaseUrl: z.string().url().default('https://www.dlsite.com'),
    dlsiteImgBaseUrl: z.string().url().default('https://img.dlsite.jp'),
    hvdbBaseUrl: z.string().url().default('https://hvdb.me'),
    // AI lyric worker: a command line with {input} and {output}
    transcriberCommand: z.string().default(''),
    // AI lyric worker: seconds a worker may stay silent before its task returns to pending
    lyricWorkerTimeout: z.number().int().min(1).max(86_400).default(600),
    // novel spider: may it fetch pages at loopback, link-local and private addresses (off: only public ones)
    spiderAllowPrivate: z.boolean().default(false),
    // trial catalogue (DESIGN section 7; src/trial/README.md): where trial archives are
    // unpacked (relative to the data directory, or absolute), the largest archive fetched
    // (bytes), the most entries an archive may hold (files and folders; more is refused
    // before unpacking), the store's new-release listing (a path on dlsiteBaseUrl), the trial host,
    // and the archive address when a work page names none ({code}, {folder}; a path is
    // taken on dlsiteTrialBaseUrl)
    trialFolder: z.string().trim().min(1).default('trial'),
    trialMaxBytes: z.number().int().min(1).default(2 * 1024 ** 3),
    trialMaxEntries: z.number().int().min(1).default(10_000),
    trialListingPath: z.string().startsWith('/', 'must be a path starting with /').default('/maniax/new/=/work_type_category/audio'),
    dlsiteTrialBaseUrl: z.string().url().default('https://trial.dlsite.com'),
    trialArchiveUrl: z.string().includes('{code}', { message: 'must contain {code}' }).default('/doujin/{folder}/{code}_trial.zip'),
  })
  .strict();

export type Config = z.infer<typeof configSchema>;

/** True when A and B are the same type. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** The web UI reads the config as the wire type AdminConfig (src/model/wire.ts): tsc fails here if the two drift apart. */
true satisfies Same<Config, AdminConfig>;

/** The defaults of every key, as a fresh install has them. */
export function defaultConfig(): Config {
  return configSchema.parse({});
}
