export * from './password.js';
export * from './accounts.js';
export * from './tokens.js';
export * from './manage.js';
export * from './player-password.js';
export * from './api-keys.js';
export * from './players.js';
export * from './rules.js';
