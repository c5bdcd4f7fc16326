/** knex's SQLite client class, which src/db/sqlite-client.ts extends (knex ships no types for it). */
declare module 'knex/lib/dialects/sqlite3/index.js' {
  const ClientSQLite3: unknown;
  export default ClientSQLite3;
}
