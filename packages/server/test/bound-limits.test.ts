import { DatabaseSync } from 'node:sqlite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { castBoundLimits } from '../src/storage/bound-limits.ts';
import { nodeSqliteDialect } from '../src/storage/node-sqlite-dialect.ts';

/** How many times SQLite compiles `text` over runs with new LIMIT/OFFSET values (its authorizer hears each compile). */
function compilesOverRuns(text: string): { compiles: number; pages: number[][] } {
  const db = new DatabaseSync(':memory:');
  db.exec('CREATE TABLE t (v INTEGER PRIMARY KEY)');
  for (let v = 1; v <= 10; v += 1) db.prepare('INSERT INTO t VALUES (?)').run(v);
  const statement = db.prepare(text);
  let compiles = 0;
  db.setAuthorizer(() => ((compiles += 1), 0));
  // Setting an authorizer expires every statement: the first run compiles once, whatever the text.
  statement.all(1, 0);
  compiles = 0;
  const pages = [
    [2, 0],
    [3, 4],
    [1, 9],
  ].map(([limit, offset]) => statement.all(limit, offset).map((row) => Number(row.v)));
  db.close();
  return { compiles, pages };
}

describe('bound LIMIT and OFFSET on SQLite', () => {
  const text = 'SELECT v FROM t ORDER BY v LIMIT ? OFFSET ?';

  it('are cast, so that a prepared statement is not compiled again on each run', () => {
    // Why the cast exists: SQLite plans with a bare bound LIMIT's value and recompiles when it changes.
    expect(compilesOverRuns(text).compiles).toBeGreaterThan(0);
    const cast = compilesOverRuns(castBoundLimits(text));
    expect(cast.compiles).toBe(0);
    expect(cast.pages).toEqual([[1, 2], [5, 6, 7], [10]]);
  });

  it('are cast in the text Kysely writes, and pages stay the same through the dialect', async () => {
    expect(castBoundLimits('select "v" from "t" order by "v" limit ? offset ?')).toBe(
      'select "v" from "t" order by "v" limit CAST(? AS INTEGER) offset CAST(? AS INTEGER)',
    );
    expect(castBoundLimits('SELECT v FROM t LIMIT 1')).toBe('SELECT v FROM t LIMIT 1');
    const dir = mkdtempSync(join(tmpdir(), 'im-bound-limits-'));
    const db = new Kysely<{ t: { v: number } }>({ dialect: nodeSqliteDialect(join(dir, 'db.sqlite')) });
    try {
      await sql`CREATE TABLE t (v INTEGER PRIMARY KEY)`.execute(db);
      await sql`INSERT INTO t VALUES (1), (2), (3), (4), (5)`.execute(db);
      const page = (limit: number, offset: number) =>
        db.selectFrom('t').select('v').orderBy('v').limit(limit).offset(offset).execute();
      expect(await page(2, 1)).toEqual([{ v: 2 }, { v: 3 }]);
      expect(await page(3, 3)).toEqual([{ v: 4 }, { v: 5 }]);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
