/**
 * Where the files of a scope's works may lie (catalogue/visible.ts `Scope`): the library
 * roots (config rootFolders) or the trial folder (config trialFolder). The media and
 * cover routes resolve files inside these folders only (library/media.ts).
 */
import { trialDir } from '../config/index.js';
import type { Scope } from '../catalogue/visible.js';
import type { AppServices } from './context.js';

/** The folders files of `scope` are served from, read from the live config per request. */
export function mediaRoots(services: AppServices, scope: Scope): readonly { path: string }[] {
  return scope === 'trial' ? [{ path: trialDir(services.dataDir, services.config) }] : services.config.rootFolders;
}
