import { CompiledQuery, sql } from 'kysely';
import type { Kysely, QueryResult, RawBuilder } from 'kysely';
import type { Tables } from './tables.ts';

/** SQL text by shape, per database adapter (its placeholders: `?` on SQLite, `$n` on PostgreSQL). */
const texts = new WeakMap<object, Map<string, string>>();

/**
 * Runs a query whose SQL text is compiled once per database and `shape`, with fresh parameters
 * (docs/decisions.md "The message hot path"). Kysely builds, transforms (the camel-case plugin walks
 * every node) and compiles each query it runs; on the message path that cost more than SQLite's own
 * execution of the statement. `build` makes the query of the shape with any parameter values (only
 * their places count); `parameters` are the real ones, in the same order. Results still pass through
 * the plugins (rows come back camel-cased), and the same text runs on SQLite and PostgreSQL.
 */
export async function runCompiled<R>(
  db: Kysely<Tables>,
  shape: string,
  build: () => RawBuilder<R>,
  parameters: readonly unknown[],
): Promise<QueryResult<R>> {
  const adapter = db.getExecutor().adapter;
  let byShape = texts.get(adapter);
  if (!byShape) texts.set(adapter, (byShape = new Map()));
  let text = byShape.get(shape);
  if (text === undefined) {
    const compiled = build().compile(db);
    if (compiled.parameters.length !== parameters.length)
      throw new Error(
        `runCompiled(${shape}): ${parameters.length} parameters for ${compiled.parameters.length} places`,
      );
    text = compiled.sql;
    byShape.set(shape, text);
  }
  return db.executeQuery(CompiledQuery.raw(text, parameters as unknown[])) as Promise<QueryResult<R>>;
}

/** `(?, ?, …), (?, ?, …)`: `rows` tuples of `width` places, for a multi-row VALUES list. */
export function placeRows(rows: number, width: number): RawBuilder<unknown> {
  const tuple = sql`(${sql.join(Array.from({ length: width }, () => sql`${null}`))})`;
  return sql.join(Array.from({ length: rows }, () => tuple));
}
