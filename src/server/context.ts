/**
 * What every route can reach: the database, the live configuration, the data
 * directory and the token secret. Built once by `createApp`.
 */
import type Koa from 'koa';
import type { Db } from '../db/index.js';
import type { Config } from '../config/index.js';
import type { User } from '../model/index.js';
import type { ReadContext } from '../catalogue/index.js';

export interface AppServices {
  db: Db;
  /** The live configuration; routes read it per request so changes apply at once. */
  config: Config;
  dataDir: string;
  secret: Uint8Array;
}

export interface AppState {
  user?: User;
  /** The request's read context (src/catalogue/context.ts), built by requireUser (middleware/auth.ts). */
  read?: ReadContext;
  /** How this route answers Invalid: 422 where its validate step says so (middleware/validate.ts), else 400. */
  invalidStatus?: 422;
}
export type AppContext = Koa.ParameterizedContext<AppState, { services: AppServices }>;
