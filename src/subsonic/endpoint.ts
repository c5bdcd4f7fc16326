/**
 * What an endpoint is (README.md "Calls"): a handler given the call (context, parameters,
 * caller) answering the payload of `subsonic-response`, or undefined when it answered
 * with a file itself (stream, download, getCoverArt). `access` says who may call it.
 */
import type { Db } from '../db/index.js';
import type { User } from '../model/index.js';
import type { AppContext } from '../server/context.js';
import type { ReadContext } from '../catalogue/index.js';
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
