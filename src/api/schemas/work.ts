/** Request schemas of one work (spec 000 section 7): the numeric id in the path. */
import { z } from 'zod';
import { idParams } from './common.js';

/** GET and DELETE /api/work/:id, POST /api/work/scan/:id. */
export const WorkIdSchema = z.object({ params: idParams });
