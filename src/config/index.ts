export * from './schema.js';
export * from './load.js';
export * from './live.js';
export * from './roots.js';
export * from './update.js';
export * from './os-errors.js';
