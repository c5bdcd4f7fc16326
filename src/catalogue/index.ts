export * from './filters.js';
export * from './order.js';
export * from './presenter.js';
export * from './hydrate.js';
export * from './list.js';
export * from './names.js';
export * from './works.js';
export * from './visible.js';
export { catalogueVersion, catalogueCache, type CatalogueCache } from './cache.js';
