/** Request schemas of the media calls' transcoding (routes/media.ts; src/transcode/README.md "The web player"). */
import { z } from 'zod';
import { opt } from './common.js';
import { MAX_BIT_RATE, MIN_BIT_RATE } from '../../transcode/formats.js';

/** `bitrate`: the web player's quality in kbit/s, 0 (the default: as stored) or 32 to 320. */
const bitrate = opt(z.coerce.number({ error: 'bitrate must be a number' }).int('bitrate must be a whole number')
  .refine((n) => n === 0 || (n >= MIN_BIT_RATE && n <= MAX_BIT_RATE), `bitrate must be 0 or ${MIN_BIT_RATE} to ${MAX_BIT_RATE}`).default(0));

/** GET {base}/stream/... ?bitrate&offset: `offset` seconds into the track (0 to 10^7, default 0), for transcoded answers. */
export const StreamQuerySchema = z.object({
  query: z.object({
    bitrate,
    offset: opt(z.coerce.number({ error: 'offset must be a number' }).min(0, 'offset must be at least 0').max(10_000_000, 'offset at most 10000000').default(0)),
  }),
});

/** GET {base}/transcode/... ?bitrate. */
export const TranscodeQuerySchema = z.object({ query: z.object({ bitrate }) });
