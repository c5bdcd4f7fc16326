/**
 * The music folders (README.md "Browsing"): the configured roots (config rootFolders) in
 * their order, then the roots of library works that no configured root names, by name (a
 * library scanned with `audiolib scan DIR` and no rootFolders set). Ids from 1 in that
 * order, as getMusicFolders answers them and `musicFolderId` takes them.
 */
import { whereVisible, type WorkFilter } from '../catalogue/index.js';
import { notFound } from './errors.js';
import type { Call } from './endpoint.js';

/**
 * The music folders' names, folder id N at index N-1. The configured roots come first,
 * read from the live config; the others are the distinct `root_folder` of visible library
 * works (one query: the call that asks for them is a player's sync, not a list's page).
 */
export async function musicFolders({ ctx, db }: Pick<Call, 'ctx' | 'db'>): Promise<string[]> {
  const configured = ctx.services.config.rootFolders.map((r) => r.name);
  const rows = await whereVisible(db('works')).distinct('root_folder').orderBy('root_folder') as { root_folder: string | null }[];
  const others = rows.map((r) => r.root_folder).filter((name): name is string => !!name && !configured.includes(name));
  return [...configured, ...others];
}

/**
 * The library root of `musicFolderId` as a filter part; {} without the parameter. A
 * configured root is found without a query. Code 70 for an unknown folder.
 */
export async function folderFilter(call: Pick<Call, 'ctx' | 'db' | 'params'>): Promise<Pick<WorkFilter, 'rootFolder'>> {
  const id = call.params.get('musicFolderId');
  if (id === undefined || id === '') return {};
  const index = /^\d{1,6}$/.test(id) ? Number(id) - 1 : -1;
  const configured = call.ctx.services.config.rootFolders;
  const name = index < 0 ? undefined : index < configured.length ? configured[index]!.name : (await musicFolders(call))[index];
  if (name === undefined) throw notFound(`music folder ${id}`);
  return { rootFolder: name };
}
