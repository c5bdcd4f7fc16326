export * from './password.js';
export * from './accounts.js';
export * from './tokens.js';
export * from './manage.js';
