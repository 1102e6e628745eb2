import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { nodeSqliteDialect } from '../src/storage/node-sqlite-dialect.ts';
import { startWalCheckpointer } from '../src/storage/wal-checkpointer.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function sqliteIn(): { dir: string; db: Kysely<unknown> } {
  const dir = mkdtempSync(join(tmpdir(), 'im-sqlite-close-'));
  dirs.push(dir);
  return { dir, db: new Kysely<unknown>({ dialect: nodeSqliteDialect(join(dir, 'db.sqlite')) }) };
}

describe('a destroyed SQLite database', () => {
  // A server's data directory is deleted (tests) or moved (backups) right after it closes: the WAL
  // checkpointer's thread must have let go of the files by then, or it removes them under the caller.
  it('leaves only its database file: the checkpointer thread has closed its connection too', async () => {
    const { dir, db } = sqliteIn();
    await sql`CREATE TABLE t (v INTEGER)`.execute(db);
    await sql`INSERT INTO t VALUES (1)`.execute(db);
    await db.destroy();
    expect(readdirSync(dir)).toEqual(['db.sqlite']);
  });

  it('resolves only after the checkpointer thread has exited, even when it had not started yet', async () => {
    const events: string[] = [];
    const dir = mkdtempSync(join(tmpdir(), 'im-sqlite-close-'));
    dirs.push(dir);
    const observed = (filename: string) => {
      const checkpointer = startWalCheckpointer(filename);
      return { stop: () => checkpointer.stop().then(() => void events.push('checkpointer exited')) };
    };
    const db = new Kysely<unknown>({ dialect: nodeSqliteDialect(join(dir, 'db.sqlite'), observed) });
    await sql`SELECT 1`.execute(db);
    await db.destroy();
    events.push('destroyed');
    expect(events).toEqual(['checkpointer exited', 'destroyed']);
    expect(readdirSync(dir)).toEqual(['db.sqlite']);
  });
});

describe('a script whose last step destroys an SQLite database', () => {
  // The bench's user seeding ends with `await db.destroy()`: the process must wait for the
  // checkpointer's exit, not exit with the awaited promise unsettled (nothing after it ran).
  it('runs on after the destroy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'im-sqlite-close-'));
    dirs.push(dir);
    const dialect = new URL('../src/storage/node-sqlite-dialect.ts', import.meta.url).href;
    const script = [
      `import { Kysely, sql } from 'kysely';`,
      `import { nodeSqliteDialect } from ${JSON.stringify(dialect)};`,
      `const db = new Kysely({ dialect: nodeSqliteDialect(${JSON.stringify(join(dir, 'db.sqlite'))}) });`,
      'await sql`SELECT 1`.execute(db);',
      'await db.destroy();',
      `console.log('after destroy');`,
    ].join('\n');
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(out.trim()).toBe('after destroy');
  });
});
