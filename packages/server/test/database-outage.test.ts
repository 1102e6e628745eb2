import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ErrCode } from '@im/protocol';
import { AppError, asAppError } from '../src/http/app-error.ts';
import type { MessageWriter } from '../src/message/message-store.ts';
import { retryingWriter } from '../src/message/store-retry.ts';
import { isConnectionLost } from '../src/storage/connection-lost.ts';
import { makeFriends } from './support/friends.ts';
import { registerUser } from './support/http.ts';
import { freePort } from './support/own-redis.ts';
import { useSuiteServer } from './support/suite-server.ts';

const lost = () => new Error('Connection terminated unexpectedly');
const stored = { row: { seq: 1 }, fresh: true } as unknown as Awaited<ReturnType<MessageWriter['store']>>;
const draft = {} as Parameters<MessageWriter['store']>[0];
const options = {} as Parameters<MessageWriter['store']>[1];

/** A send that could not be stored (docs/operations.md#database-outages). */
describe('a store that lost its database connection', () => {
  function writer(failures: Error[]): MessageWriter & { calls: number } {
    const fake = {
      calls: 0,
      async store() {
        fake.calls += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return stored;
      },
    };
    return fake;
  }

  it('is retried once on a new connection', async () => {
    const inner = writer([lost()]);
    await expect(retryingWriter(inner, 1).store(draft, options)).resolves.toBe(stored);
    expect(inner.calls).toBe(2);
  });

  it('answers 1008 UNAVAILABLE (HTTP 503, Retry-After) when the retry fails too', async () => {
    const inner = writer([lost(), lost()]);
    const error = await retryingWriter(inner, 1)
      .store(draft, options)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ errCode: ErrCode.UNAVAILABLE, status: 503, retryAfter: 1 });
  });

  it('passes any other failure unchanged, without a retry', async () => {
    const other = new AppError(ErrCode.NOT_FRIEND);
    const inner = writer([other]);
    await expect(retryingWriter(inner, 1).store(draft, options)).rejects.toBe(other);
    expect(inner.calls).toBe(1);
  });

  it('tells a refused connection from a wrong query', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: await freePort(), user: 'nobody' });
    const refused = await client.connect().catch((e: unknown) => e);
    expect(isConnectionLost(refused)).toBe(true);
    expect(asAppError(refused).errCode).toBe(ErrCode.UNAVAILABLE);
    expect(isConnectionLost(new Error('syntax error at or near "x"'))).toBe(false);
    expect(asAppError(new Error('boom')).errCode).toBe(ErrCode.SERVER);
  });
});

describe.runIf(process.env.DATABASE_URL)('a node whose PostgreSQL connections were all terminated', () => {
  const { server, connect } = useSuiteServer({ database: 'postgres' });

  it('stores the next sends on fresh connections', async () => {
    const alice = await registerUser(server);
    const bob = await registerUser(server);
    await makeFriends(server, alice, bob);
    const socket = await connect(alice);
    const before = await socket.sendText(bob.userID, 'before');
    // What a database restart or failover does to a pool: every backend ends (57P01).
    const admin = new pg.Client({ connectionString: server.config.DATABASE_URL });
    await admin.connect();
    const database = new URL(server.config.DATABASE_URL!).pathname.slice(1);
    const killed = await admin.query(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [database],
    );
    await admin.end();
    expect(killed.rowCount).toBeGreaterThan(0);
    const after = await Promise.all([1, 2, 3].map((i) => socket.sendText(bob.userID, `after ${i}`)));
    expect(after.map((m) => m.seq).sort()).toEqual([before.seq + 1, before.seq + 2, before.seq + 3]);
  });
});
