/**
 * knex's PostgreSQL client with named prepared statements (the p99 target of 25 ms on
 * PostgreSQL; bench/README.md section "catalogue").
 *
 * knex sends every query with bindings as an unnamed statement, which PostgreSQL parses
 * and plans anew each time; the catalogue's list and hydration queries cost more to plan
 * than to run. A query with bindings here gets a name of its SQL text, so each connection
 * parses it once, and PostgreSQL may keep a generic plan for it (`plan_cache_mode` auto:
 * after five runs, when the generic plan costs no more than the runs' own plans). The
 * works of 20 ids took 1.3 ms to plan and 1.3 to run; a key's check, 0.23 and 0.04.
 * A query that reads a page (an OFFSET, or a LIMIT other than `first()`'s 1, as
 * bindings) stays unnamed and is planned with its values: a generic plan knows no LIMIT,
 * so it may sort every work where the index walk of a first page stops after the page.
 * Queries without bindings keep the simple protocol (several commands in one text, as
 * migrations send). At most MAX_NAMED distinct texts are named per process (a connection
 * keeps its prepared statements until it closes); later texts run unnamed.
 */
import { createRequire } from 'node:module';
import type { Knex } from 'knex';
import type pg from 'pg';


/** Distinct SQL texts given a statement name per process. */
const MAX_NAMED = 1_000;
/** Statement names by SQL text. */
const names = new Map<string, string>();
/** Names given so far (a text renamed after a schema change takes a new one). */
let given = 0;

/** The statement name of `sql`, or undefined once MAX_NAMED texts are named. */
function nameOf(sql: string): string | undefined {
  let name = names.get(sql);
  if (name === undefined && names.size < MAX_NAMED) names.set(sql, (name = `audiolib_${given++}`));
  return name;
}

/** The LIMIT and OFFSET clauses of knex's SQL whose values are bindings (`$n`). */
const PAGING = /\b(limit|offset) \$(\d+)/gi;

/** Whether `sql` reads a page: an OFFSET or a LIMIT other than 1 (`first()`) among `values`. */
function pages(sql: string, values: readonly unknown[]): boolean {
  for (const [, clause, n] of sql.matchAll(PAGING)) if (clause!.toLowerCase() === 'offset' || values[Number(n) - 1] !== 1) return true;
  return false;
}

/** PostgreSQL's answer to a prepared statement whose tables changed columns since it was prepared. */
const planChanged = (err: Error & { code?: string }) => err.code === '0A000' && /cached plan must not change result type/.test(err.message);

/** What knex's runner hands `_query`: the SQL, its bindings and knex's query options. */
interface QueryObject { sql: string; bindings?: unknown[]; options?: object; response?: unknown }

let made: typeof Knex.Client | undefined;

/**
 * knex's pg client class, its queries with bindings sent as named statements; made on
 * first use, so a process on SQLite never loads knex's PostgreSQL dialect.
 */
export function preparedPgClient(): typeof Knex.Client {
  if (made) return made;
  /** knex's own PostgreSQL client class (not in knex's public types). */
  const ClientPG = createRequire(import.meta.url)('knex/lib/dialects/postgres/index.js') as new (config: Knex.Config) => object;
  class PreparedPgClient extends ClientPG {
    /** As knex's `_query`: resolves `obj` with `response`, pg's result. */
    async _query(connection: pg.Client, obj: QueryObject): Promise<QueryObject> {
      if (!obj.sql) throw new Error('The query is empty');
      const values = obj.bindings ?? [];
      const send = (name: string | undefined) => connection.query({ text: obj.sql, values, ...(name ? { name } : {}), ...obj.options });
      const name = values.length > 0 && !pages(obj.sql, values) ? nameOf(obj.sql) : undefined;
      try {
        obj.response = await send(name);
      } catch (err) {
        if (!name || !planChanged(err as Error)) throw err;
        // a table of the statement changed columns (a migration): prepare the text again under a new name
        names.delete(obj.sql);
        obj.response = await send(nameOf(obj.sql));
      }
      return obj;
    }
  }
  made = PreparedPgClient as unknown as typeof Knex.Client;
  return made;
}
