/** Request schemas of the library root folders (spec 001 section 2): names and paths in the body. */
import { z } from 'zod';
import { rootFolderSchema } from '../../config/schema.js';

const name = rootFolderSchema.shape.name;

/** POST /api/config/roots {name, path}. */
export const RootAddSchema = z.object({ body: rootFolderSchema });
/** PUT /api/config/roots {name, newName}. */
export const RootRenameSchema = z.object({ body: z.object({ name, newName: name }) });
/** DELETE /api/config/roots {name}. */
export const RootRemoveSchema = z.object({ body: z.object({ name }) });
