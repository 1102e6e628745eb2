import { RawNode, sql } from 'kysely';
import type { CompiledQuery, Kysely, QueryResult, RawBuilder } from 'kysely';
import type { QueryRunner } from './read-thread.ts';
import type { Tables } from './tables.ts';

/** A compiled shape: its SQL text and the query node plugins are shown (a raw node of the text). */
interface Shape {
  sql: string;
  query: RawNode;
}

/** Shapes by name, per database adapter (its placeholders: `?` on SQLite, `$n` on PostgreSQL). */
const shapes = new WeakMap<object, Map<string, Shape>>();

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
  /** Where it runs: `db` itself, or a thread that reads (read-thread.ts), with no plugins. */
  runner: QueryRunner = db,
): Promise<QueryResult<R>> {
  const adapter = db.getExecutor().adapter;
  let byName = shapes.get(adapter);
  if (!byName) shapes.set(adapter, (byName = new Map()));
  let compiled = byName.get(shape);
  if (compiled === undefined) {
    const query = build().compile(db);
    if (query.parameters.length !== parameters.length)
      throw new Error(
        `runCompiled(${shape}): ${parameters.length} parameters for ${query.parameters.length} places`,
      );
    compiled = { sql: query.sql, query: RawNode.createWithSql(query.sql) };
    byName.set(shape, compiled);
  }
  // Built here rather than by CompiledQuery.raw, which freezes the parameter array (thousands of
  // values for a batch's insert) on every call.
  const run: CompiledQuery<R> = {
    sql: compiled.sql,
    query: compiled.query,
    parameters,
    queryId: { queryId: shape },
  };
  return runner.executeQuery(run);
}

/** Id counts up to this are compiled once each: a pull names at most 100 conversations, a list page shows 100. */
export const MAX_COMPILED_IDS = 100;

/**
 * A hot read among a list of ids (`IN (…)`, or without a list), compiled once per number of ids
 * (runCompiled): GetMaxSeqs, every pull and every list page ask, and Kysely's build and compile of
 * each cost a share of a reconnect storm. `query` takes `parameters` first, then the ids, in that
 * order. Past MAX_COMPILED_IDS it runs as built, so that the kept shapes stay few.
 */
export function runCompiledAmong<R>(
  db: Kysely<Tables>,
  name: string,
  ids: readonly unknown[] | undefined,
  query: RawBuilder<R>,
  parameters: readonly unknown[],
): Promise<QueryResult<R>> {
  if (ids && ids.length > MAX_COMPILED_IDS) return query.execute(db);
  const shape = `${name}:${ids ? ids.length : 'all'}`;
  return runCompiled(db, shape, () => query, [...parameters, ...(ids ?? [])]);
}

/**
 * A multi-row statement's parameters, row after row, in one array: `push` appends a row's values.
 * Unlike `rows.flatMap((row) => [...])` it makes no array per row (every stored message's rows pass
 * here, docs/decisions.md "The message hot path").
 */
export function rowParams<T>(rows: readonly T[], push: (out: unknown[], row: T) => void): unknown[] {
  const out: unknown[] = [];
  for (const row of rows) push(out, row);
  return out;
}

/** `(?, ?, …), (?, ?, …)`: `rows` tuples of `width` places, for a multi-row VALUES list. */
export function placeRows(rows: number, width: number): RawBuilder<unknown> {
  const tuple = sql`(${sql.join(Array.from({ length: width }, () => sql`${null}`))})`;
  return sql.join(Array.from({ length: rows }, () => tuple));
}

/** The row counts above 15 that multi-row statements are compiled for (see inShapes). */
const SHAPE_SIZES = [256, 128, 64, 32, 16];

/**
 * A list cut into parts whose sizes are few: 256, 128, 64, 32 or 16 rows, and one last part of under
 * 16. Every distinct row count is a statement compiled by Kysely and prepared by SQLite (slow for
 * thousands of places), and SQLite's statement cache is bounded: a batch of any size from 1 to 256
 * needs 20 shapes per statement this way, not 256, for a few more statements per batch. The largest
 * part keeps a statement's parameters (256 messages: 4,608) well under SQLite's 32,766 and PostgreSQL's
 * 65,535.
 */
export function inShapes<T>(list: T[]): T[][] {
  const parts: T[][] = [];
  let at = 0;
  for (const size of SHAPE_SIZES)
    while (list.length - at >= size) {
      parts.push(list.slice(at, at + size));
      at += size;
    }
  if (at < list.length) parts.push(list.slice(at));
  return parts;
}
