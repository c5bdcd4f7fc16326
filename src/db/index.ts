export * from './knex.js';
