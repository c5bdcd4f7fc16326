/**
 * What an endpoint is (README.md "Calls"): a handler given the call (context, parameters,
 * caller) answering the payload of `subsonic-response`, or undefined when it answered
 * with a file itself (stream, download, getCoverArt). `access` says who may call it.
 */
import type { Db } from '../db/index.js';
import type { User } from '../model/index.js';
import type { AppContext } from '../server/context.js';
import type { ReadContext, WorkFilter } from '../catalogue/index.js';
import { notFound } from './errors.js';
import type { Params } from './params.js';
import type { Marker } from './marks.js';
import type { PresentOptions } from './presenters.js';
import type { SubsonicNode } from './serialise.js';

export interface Call {
  ctx: AppContext;
  db: Db;
  params: Params;
  /** The caller, with their marks version (marks.ts) and how they are shown the library (config subsonicCodeInName, subsonicVariant). */
  user: User & Marker & { present: PresentOptions };
  /** The call's read context (src/catalogue/context.ts): the caller, the catalogue's cache with its version read once per call. */
  read: ReadContext;
}

export type Endpoint =
  /** Answered without signing in (getOpenSubsonicExtensions). */
  | { access: 'public'; handle(call: Omit<Call, 'user' | 'read'>): Promise<SubsonicNode> }
  /** Any signed-in user (`reader`, the default), or users who may write (`writer`: guests get code 50). */
  | { access?: 'reader' | 'writer'; handle(call: Call): Promise<SubsonicNode | undefined> };

/**
 * The library root of `musicFolderId` (the configured root at that position, from 1) as a
 * filter part; {} without the parameter. Code 70 for an unknown folder.
 */
export function folderFilter({ ctx, params }: Pick<Call, 'ctx' | 'params'>): Pick<WorkFilter, 'rootFolder'> {
  const id = params.get('musicFolderId');
  if (id === undefined || id === '') return {};
  const root = /^\d{1,6}$/.test(id) ? ctx.services.config.rootFolders[Number(id) - 1] : undefined;
  if (!root) throw notFound(`music folder ${id}`);
  return { rootFolder: root.name };
}
