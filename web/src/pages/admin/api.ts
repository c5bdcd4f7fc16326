/**
 * Admin calls (spec 001 section 7): settings, library root folders, users, AI lyric
 * worker keys. Thin wrappers over the API table's admin routes (src/api/routes/admin.ts);
 * failures throw ApiError.
 */
import type { AdminConfig, User } from '@model';
import { call, routes } from '../../api/client';

const { admin } = routes;

/** -> {config, defaults}. */
export const getAdminConfig = () => call(admin.config);
/** {config} -> {message, restartRequired}. */
export const saveAdminConfig = (config: AdminConfig) => call(admin.saveConfig, { body: { config } });

/** -> {rootFolders}. */
export const getRoots = () => call(admin.roots);
export const addRoot = (name: string, path: string) => call(admin.addRoot, { body: { name, path } });
export const renameRoot = (name: string, newName: string) => call(admin.renameRoot, { body: { name, newName } });
export const removeRoot = (name: string) => call(admin.removeRoot, { body: { name } });

/** -> {users}. */
export const getUsers = () => call(admin.users);
/** 422 carries errors[0].msg. */
export const addUser = (name: string, password: string, group: 'user' | 'guest') => call(admin.addUser, { body: { name, password, group } });
export const changePassword = (name: string, newPassword: string) => call(admin.changePassword, { body: { name, newPassword } });
/** The selected user objects. */
export const deleteUsers = (users: User[]) => call(admin.deleteUsers, { body: { users } });

/** -> {keys}, revoked ones included. */
export const getWorkerKeys = () => call(admin.workerKeys);
/** {name} -> {message, key, token}: `token` is the key itself, answered this once. */
export const createWorkerKey = (name: string) => call(admin.createWorkerKey, { body: { name } });
/** -> {message, key}. */
export const revokeWorkerKey = (id: number) => call(admin.revokeWorkerKey, { params: { id } });
