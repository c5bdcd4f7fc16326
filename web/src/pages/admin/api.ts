/**
 * Admin calls (spec 001 section 7): settings, library root folders, users, AI lyric
 * worker keys. Thin wrappers over the shared client; failures throw ApiError.
 */
import type {
  AdminConfig, AdminConfigAnswer, AdminConfigSaveAnswer, MessageAnswer, RootFoldersAnswer, RootFoldersChangeAnswer, User, UsersAnswer,
  WorkerKeyAnswer, WorkerKeyCreatedAnswer, WorkerKeysAnswer,
} from '@model';
import { api } from '../../api/client';

/** GET /api/config/admin -> {config, defaults}. */
export const getAdminConfig = () => api<AdminConfigAnswer>('/api/config/admin');
/** PUT /api/config/admin {config} -> {message, restartRequired}. */
export const saveAdminConfig = (config: AdminConfig) => api<AdminConfigSaveAnswer>('/api/config/admin', { method: 'PUT', body: { config } });

/** GET /api/config/roots -> {rootFolders}. */
export const getRoots = () => api<RootFoldersAnswer>('/api/config/roots');
/** POST /api/config/roots {name, path}. */
export const addRoot = (name: string, path: string) => api<RootFoldersChangeAnswer>('/api/config/roots', { method: 'POST', body: { name, path } });
/** PUT /api/config/roots {name, newName}. */
export const renameRoot = (name: string, newName: string) => api<RootFoldersChangeAnswer>('/api/config/roots', { method: 'PUT', body: { name, newName } });
/** DELETE /api/config/roots {name}. */
export const removeRoot = (name: string) => api<RootFoldersChangeAnswer>('/api/config/roots', { method: 'DELETE', body: { name } });

/** GET /api/credentials/users -> {users}. */
export const getUsers = () => api<UsersAnswer>('/api/credentials/users');
/** POST /api/credentials/user {name, password, group}; 422 carries errors[0].msg. */
export const addUser = (name: string, password: string, group: 'user' | 'guest') =>
  api<MessageAnswer>('/api/credentials/user', { method: 'POST', body: { name, password, group } });
/** PUT /api/credentials/user {name, newPassword}. */
export const changePassword = (name: string, newPassword: string) => api<MessageAnswer>('/api/credentials/user', { method: 'PUT', body: { name, newPassword } });
/** DELETE /api/credentials/user {users}: the selected user objects. */
export const deleteUsers = (users: User[]) => api<MessageAnswer>('/api/credentials/user', { method: 'DELETE', body: { users } });

/** GET /api/lyric/worker-keys -> {keys}, revoked ones included. */
export const getWorkerKeys = () => api<WorkerKeysAnswer>('/api/lyric/worker-keys');
/** POST /api/lyric/worker-keys {name} -> {message, key, token}: `token` is the key itself, answered this once. */
export const createWorkerKey = (name: string) => api<WorkerKeyCreatedAnswer>('/api/lyric/worker-keys', { method: 'POST', body: { name } });
/** DELETE /api/lyric/worker-keys/:id -> {message, key}. */
export const revokeWorkerKey = (id: number) => api<WorkerKeyAnswer>(`/api/lyric/worker-keys/${id}`, { method: 'DELETE' });
