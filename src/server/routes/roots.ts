/**
 * Library root folders of the admin home (spec 001 section 2): the `rootFolders`
 * config key, edited through GET/POST/PUT/DELETE /api/config/roots. Admin only
 * for every method (anonymous 401, user and guest 403). Each change is saved to
 * config.json and applies to the running server at once (scans read it per run).
 */
import Router from '@koa/router';
import { z } from 'zod';
import type { AppContext, AppState } from '../context.js';
import {
  addRootFolder, applyConfig, removeRootFolder, renameRootFolder, RootFolderError, rootFolderSchema, saveConfig, type RootFolder,
} from '../../config/index.js';
import { requireAdmin, requireUser } from '../middleware/auth.js';
import { HttpError } from '../middleware/errors.js';
import type { RootFoldersAnswer, RootFoldersChangeAnswer } from '../../model/index.js';

export const rootsRouter = new Router<AppState, { services: AppContext['services'] }>();

const nameSchema = rootFolderSchema.shape.name;
const addSchema = rootFolderSchema;
const renameSchema = z.object({ name: nameSchema, newName: nameSchema });
const removeSchema = z.object({ name: nameSchema });

/** Saves the new list and applies it live; RootFolderError -> its status with {error}. */
function change(ctx: AppContext, message: string, edit: (roots: RootFolder[]) => RootFolder[]): void {
  const { config, dataDir } = ctx.services;
  let rootFolders: RootFolder[];
  try {
    rootFolders = edit(config.rootFolders);
  } catch (err) {
    if (err instanceof RootFolderError) throw new HttpError(err.status, err.message);
    throw err;
  }
  applyConfig(config, saveConfig(dataDir, { ...config, rootFolders }));
  const answer: RootFoldersChangeAnswer = { message, rootFolders: config.rootFolders };
  ctx.body = answer;
}

/** GET /api/config/roots -> 200 {rootFolders: [{name, path}]}. */
rootsRouter.get('/api/config/roots', requireUser(), requireAdmin(), async (ctx) => {
  const answer: RootFoldersAnswer = { rootFolders: ctx.services.config.rootFolders };
  ctx.body = answer;
});

/**
 * POST /api/config/roots {name, path} -> 200 {message, rootFolders}. The path is
 * made absolute and must be an existing directory (400); a taken name or path 409.
 */
rootsRouter.post('/api/config/roots', requireUser(), requireAdmin(), async (ctx) => {
  const { name, path } = addSchema.parse(ctx.request.body ?? {});
  change(ctx, `root folder ${name} added`, (roots) => addRootFolder(roots, name, path));
});

/** PUT /api/config/roots {name, newName} -> 200 {message, rootFolders}; 404 unknown name, 409 taken newName. */
rootsRouter.put('/api/config/roots', requireUser(), requireAdmin(), async (ctx) => {
  const { name, newName } = renameSchema.parse(ctx.request.body ?? {});
  change(ctx, `root folder ${name} renamed to ${newName}`, (roots) => renameRootFolder(roots, name, newName));
});

/** DELETE /api/config/roots {name} -> 200 {message, rootFolders}; 404 unknown name. Works and user data stay. */
rootsRouter.delete('/api/config/roots', requireUser(), requireAdmin(), async (ctx) => {
  const { name } = removeSchema.parse(ctx.request.body ?? {});
  change(ctx, `root folder ${name} removed`, (roots) => removeRootFolder(roots, name));
});
