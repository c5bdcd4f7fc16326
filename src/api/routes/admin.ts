/** The admin pages' calls (spec 001 sections 5 and 8): settings, root folders, users, worker keys. */
import type {
  AdminConfigAnswer, AdminConfigSaveAnswer, MessageAnswer, RootFoldersAnswer, RootFoldersChangeAnswer, UsersAnswer, WorkerKeyAnswer, WorkerKeyCreatedAnswer, WorkerKeysAnswer,
} from '../../model/index.js';
import { route } from '../route.js';
import type { AdminConfigPutSchema } from '../schemas/config-admin.js';
import type { PasswordChangeSchema, UserAddSchema, UsersDeleteSchema } from '../schemas/credentials.js';
import type { RootAddSchema, RootRemoveSchema, RootRenameSchema } from '../schemas/roots.js';
import type { WorkerKeyCreateSchema, WorkerKeyIdSchema } from '../schemas/worker-keys.js';

export const adminRoutes = {
  config: route<AdminConfigAnswer>()('GET', '/api/config/admin'),
  /** {config} -> {message, restartRequired}. */
  saveConfig: route<AdminConfigSaveAnswer, typeof AdminConfigPutSchema>()('PUT', '/api/config/admin'),
  roots: route<RootFoldersAnswer>()('GET', '/api/config/roots'),
  addRoot: route<RootFoldersChangeAnswer, typeof RootAddSchema>()('POST', '/api/config/roots'),
  renameRoot: route<RootFoldersChangeAnswer, typeof RootRenameSchema>()('PUT', '/api/config/roots'),
  removeRoot: route<RootFoldersChangeAnswer, typeof RootRemoveSchema>()('DELETE', '/api/config/roots'),
  users: route<UsersAnswer>()('GET', '/api/credentials/users'),
  /** {name, password, group}; failures 422 {error, errors}. */
  addUser: route<MessageAnswer, typeof UserAddSchema>()('POST', '/api/credentials/user', { invalidStatus: 422 }),
  /** {name, newPassword}; failures 422. */
  changePassword: route<MessageAnswer, typeof PasswordChangeSchema>()('PUT', '/api/credentials/user', { invalidStatus: 422 }),
  /** {users}; failures 422. */
  deleteUsers: route<MessageAnswer, typeof UsersDeleteSchema>()('DELETE', '/api/credentials/user', { invalidStatus: 422 }),
  workerKeys: route<WorkerKeysAnswer>()('GET', '/api/lyric/worker-keys'),
  /** {name} -> the key, its token answered this once. */
  createWorkerKey: route<WorkerKeyCreatedAnswer, typeof WorkerKeyCreateSchema>()('POST', '/api/lyric/worker-keys'),
  revokeWorkerKey: route<WorkerKeyAnswer, typeof WorkerKeyIdSchema>()('DELETE', '/api/lyric/worker-keys/:id'),
};
