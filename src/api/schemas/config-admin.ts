/** Request schema of the admin settings (spec 001 sections 3 and 7). */
import { z } from 'zod';

/** PUT /api/config/admin {config: {key: value, ...}}; each key is checked by the config schema itself. */
export const AdminConfigPutSchema = z.object({ body: z.object({ config: z.record(z.string(), z.unknown()) }) });
