/** knex's SQLite client class, which src/db/sqlite-client.ts extends (knex ships no types for it). */
declare module 'knex/lib/dialects/sqlite3/index.js' {
  const ClientSQLite3: unknown;
  export default ClientSQLite3;
}

/** knex's SQLite transaction class, which src/db/sqlite-transaction.ts extends. */
declare module 'knex/lib/dialects/sqlite3/execution/sqlite-transaction.js' {
  const Transaction_Sqlite: unknown;
  export default Transaction_Sqlite;
}
