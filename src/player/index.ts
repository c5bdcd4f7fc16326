/**
 * The player rules shared by the web player and the TUI (spec 000 sections 3, 4, 7, 9).
 * Pure TypeScript: no node: or DOM imports, so both the Node TUI and the Vite web app
 * import it (the web app by relative path). See README.md.
 */
export * from './constants.js';
export * from './reducer.js';
export * from './sleep.js';
export * from './history.js';
export * from './steps.js';
