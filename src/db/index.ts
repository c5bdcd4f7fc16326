export * from './knex.js';
export * from './secret.js';
export * from './copy.js';
export * from './url.js';
export * from './damage.js';
