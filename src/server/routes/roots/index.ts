/**
 * Library root folders of the admin home (spec 001 section 2): the `rootFolders`
 * config key, edited through GET/POST/PUT/DELETE /api/config/roots. Admin only
 * for every method (anonymous 401, user and guest 403). Each change is saved to
 * config.json and applies to the running server at once (scans read it per run).
 */
import Router from '@koa/router';
import type { AppContext, AppState } from '../../context.js';
import { addRootFolder, removeRootFolder, renameRootFolder, type RootFolder } from '../../../config/index.js';
import { saveLiveConfig } from '../../shared-config.js';
import { requireAdmin, requireUser } from '../../middleware/auth.js';
import { validate } from '../../middleware/validate.js';
import { routes } from '../../../api/routes/index.js';
import { on } from '../on.js';
import { RootAddSchema, RootRemoveSchema, RootRenameSchema } from '../../../api/schemas/roots.js';
import { say, type CodedText, type RootFoldersAnswer, type RootFoldersChangeAnswer } from '../../../model/index.js';

export const rootsRouter = new Router<AppState, { services: AppContext['services'] }>();

/** Saves the list `edit` makes of the current one and applies it live; `edit` throws Invalid, NotFound or Conflict. */
function change(ctx: AppContext, text: CodedText, edit: (roots: RootFolder[]) => RootFolder[]): void {
  const { config } = ctx.services;
  saveLiveConfig(ctx.services, { ...config, rootFolders: edit(config.rootFolders) });
  const answer: RootFoldersChangeAnswer = { ...text, rootFolders: config.rootFolders };
  ctx.body = answer;
}

/** GET /api/config/roots -> 200 {rootFolders: [{name, path}]}. */
on(rootsRouter, routes.admin.roots, requireUser(), requireAdmin(), async (ctx) => {
  const answer: RootFoldersAnswer = { rootFolders: ctx.services.config.rootFolders };
  ctx.body = answer;
});

/**
 * POST /api/config/roots {name, path} -> 200 {message, rootFolders}. The path is
 * made absolute and must be an existing directory (400); a taken name or path 409.
 */
on(rootsRouter, routes.admin.addRoot, requireUser(), requireAdmin(), validate(routes.admin.addRoot, RootAddSchema), async (ctx) => {
  const { name, path } = ctx.state.input.body;
  change(ctx, say('root.added', { name }), (roots) => addRootFolder(roots, name, path));
});

/** PUT /api/config/roots {name, newName} -> 200 {message, rootFolders}; 404 unknown name, 409 taken newName. */
on(rootsRouter, routes.admin.renameRoot, requireUser(), requireAdmin(), validate(routes.admin.renameRoot, RootRenameSchema), async (ctx) => {
  const { name, newName } = ctx.state.input.body;
  change(ctx, say('root.renamed', { name, newName }), (roots) => renameRootFolder(roots, name, newName));
});

/** DELETE /api/config/roots {name} -> 200 {message, rootFolders}; 404 unknown name. Works and user data stay. */
on(rootsRouter, routes.admin.removeRoot, requireUser(), requireAdmin(), validate(routes.admin.removeRoot, RootRemoveSchema), async (ctx) => {
  const { name } = ctx.state.input.body;
  change(ctx, say('root.removed', { name }), (roots) => removeRootFolder(roots, name));
});
