import { type Compilable, CompiledQuery } from 'kysely';
import type { Executor } from './repositories/executor.js';

type ParamValue = string | number | null;

/**
 * The SQL text of every prepared query, with a statement name: the PostgreSQL pool
 * (database.ts) runs these as named prepared statements, parsed and planned once per connection.
 * Bounded by the number of preparedQuery definitions times the dialects.
 */
export const preparedStatementNames = new Map<string, string>();

/** Stands for a named parameter while the query is compiled; never reaches the database. */
const SENTINEL = '\u0000tessera-param:';

interface Compiled {
  sql: string;
  /** Where each bound parameter comes from: a named input, or a constant of the query. */
  slots: Array<{ name: string } | { value: unknown }>;
}

/**
 * A query of the hot path built and compiled once per dialect, then run with new values
 * (Kysely's "splitting query building and execution" recipe). Building and compiling a query
 * with Kysely costs more than SQLite takes to run it once its statement is prepared; the few
 * queries every lookup runs skip that work.
 *
 * `build` gets placeholder values; it must pass each of them to Kysely as a plain value (a bound
 * parameter), never use them in JavaScript logic. Compilation checks that every named input
 * became exactly one parameter.
 */
export function preparedQuery<P extends Record<string, ParamValue>, R>(
  build: (db: Executor, params: P) => Compilable<R>,
): (db: Executor, params: P) => Promise<R[]> {
  const byDialect = new WeakMap<object, Compiled>();
  const compile = (db: Executor, names: string[]): Compiled => {
    const placeholders = Object.fromEntries(names.map((name) => [name, `${SENTINEL}${name}`])) as unknown as P;
    const compiled = build(db, placeholders).compile();
    const seen = new Set<string>();
    const slots = compiled.parameters.map((value) => {
      if (typeof value === 'string' && value.startsWith(SENTINEL)) {
        const name = value.slice(SENTINEL.length);
        if (seen.has(name)) throw new Error(`preparedQuery: parameter ${name} is bound twice`);
        seen.add(name);
        return { name };
      }
      if (typeof value === 'string' && value.includes(SENTINEL)) throw new Error('preparedQuery: a parameter was transformed');
      return { value };
    });
    const missing = names.filter((name) => !seen.has(name));
    if (missing.length > 0) throw new Error(`preparedQuery: parameters not bound: ${missing.join(', ')}`);
    if (!preparedStatementNames.has(compiled.sql)) {
      preparedStatementNames.set(compiled.sql, `tessera_q${preparedStatementNames.size + 1}`);
    }
    return { sql: compiled.sql, slots };
  };
  return async (db, params) => {
    const key = db.getExecutor().adapter;
    let compiled = byDialect.get(key);
    if (!compiled) {
      compiled = compile(db, Object.keys(params));
      byDialect.set(key, compiled);
    }
    const parameters = compiled.slots.map((slot) => ('name' in slot ? params[slot.name] : slot.value));
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>);
    return result.rows;
  };
}
