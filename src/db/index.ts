export * from './knex.js';
export * from './secret.js';
