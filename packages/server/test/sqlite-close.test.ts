import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

  it('settles in a process with nothing else to do (a script that destroys it and exits)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'im-sqlite-close-'));
    dirs.push(dir);
    // A script file, as the benches' seeding runs: an unreferenced thread's exit alone never kept the
    // process alive, so it ended with the destroy's await unsettled (exit code 13).
    const dialect = new URL('../src/storage/node-sqlite-dialect.ts', import.meta.url).href;
    const script = join(dir, 'destroy.mjs');
    writeFileSync(
      script,
      [
        `import { nodeSqliteDialect } from ${JSON.stringify(dialect)};`,
        `const driver = nodeSqliteDialect(${JSON.stringify(join(dir, 'db.sqlite'))}).createDriver();`,
        'await driver.init();',
        'await new Promise((resolve) => setTimeout(resolve, 200));',
        'await driver.destroy();',
        `console.log('destroyed');`,
      ].join('\n'),
    );
    expect(execFileSync(process.execPath, [script], { encoding: 'utf8' }).trim()).toBe('destroyed');
  });
});
