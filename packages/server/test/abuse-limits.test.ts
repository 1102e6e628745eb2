import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ChatPath, ErrCode, Header } from '@im/protocol';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config/config.ts';
import { searchMatches } from '../src/user/user-queries.ts';
import { databases, post, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** Per-user limits on uploads and user searches, the search index, the purge (docs/operations.md). */
describe.each(databases)('abuse limits on %s', (database) => {
  const { server } = useSuiteServer({
    database,
    env: {
      UPLOADS_PER_MINUTE: '3',
      UPLOADS_PER_DAY: '1000',
      USER_SEARCHES_PER_MINUTE: '5',
      PURGE_INTERVAL_MS: '200',
    },
  });
  const { server: daily } = useSuiteServer({
    database,
    env: { UPLOADS_PER_MINUTE: '1000', UPLOADS_PER_DAY: '4' },
  });

  const upload = async (target: typeof server, imToken: string) => {
    const response = await fetch(`${target.url}/api/object/upload?purpose=avatar`, {
      method: 'POST',
      headers: { [Header.operationID]: 'up', [Header.token]: imToken, 'content-type': 'image/png' },
      body: PNG,
    });
    return {
      status: response.status,
      retryAfter: response.headers.get('retry-after'),
      ...((await response.json()) as { errCode: number }),
    };
  };
  const stored = (target: typeof server) => {
    const dir = join(target.config.DATA_DIR, 'uploads');
    return existsSync(dir) ? readdirSync(dir).length : 0;
  };

  it('uploads per user a minute: the next one answers 429 / 20005 and stores nothing; others still upload', async () => {
    const [user, other] = [await registerUser(server), await registerUser(server)];
    for (let i = 0; i < 3; i += 1) expect((await upload(server, user.imToken)).errCode).toBe(0);
    const before = stored(server);
    const refused = await upload(server, user.imToken);
    expect(refused).toMatchObject({ status: 429, errCode: ErrCode.TOO_FREQUENT });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(stored(server)).toBe(before);
    expect((await upload(server, other.imToken)).errCode).toBe(0);
  });

  it('uploads per user a day', async () => {
    const user = await registerUser(daily);
    for (let i = 0; i < 4; i += 1) expect((await upload(daily, user.imToken)).errCode).toBe(0);
    expect(await upload(daily, user.imToken)).toMatchObject({ status: 429, errCode: ErrCode.TOO_FREQUENT });
  });

  it('user searches per user a minute', async () => {
    const [user, target] = [await registerUser(server), await registerUser(server)];
    const search = () =>
      post(server, `/chat${ChatPath.searchFull}`, { keyword: target.userID }, user.chatToken);
    for (let i = 0; i < 5; i += 1) expect((await search()).errCode).toBe(0);
    expect(await search()).toMatchObject({ status: 429, errCode: ErrCode.TOO_FREQUENT });
  });

  it('the user search is served by indexes, never a scan of users', async () => {
    const { db, dialect } = server.app.messenger;
    const query = searchMatches(db, '13800000000').selectAll().compile();
    // Every parameter is the keyword (ID, phone, lower-cased e-mail): written in as a literal.
    const explain = (prefix: string) =>
      sql.raw(`${prefix} ${query.sql.replace(/\$\d+|\?/g, "'13800000000'")}`);
    let plan: string;
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ detail: string }>`${explain('EXPLAIN QUERY PLAN')}`.execute(
        db.withoutPlugins(),
      );
      plan = rows.map((r) => r.detail).join('\n');
    } else {
      plan = await db.transaction().execute(async (trx) => {
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
        const { rows } = await sql<Record<string, string>>`${explain('EXPLAIN')}`.execute(
          trx.withoutPlugins(),
        );
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    }
    expect(plan).not.toMatch(/SCAN users(?! USING)|Seq Scan/);
    expect(plan).toMatch(/users_phone_number/);
  });

  it('expired sessions and codes are purged; live ones stay', async () => {
    const { db } = server.app.messenger;
    const long = Date.now() - 3 * 24 * 3600 * 1000;
    await db
      .insertInto('sessions')
      .values([
        {
          tokenId: 'old-session',
          userId: 'u',
          platform: 5,
          status: 0,
          createTime: long,
          expireTime: long + 1,
        },
        {
          tokenId: 'live-session',
          userId: 'u',
          platform: 5,
          status: 0,
          createTime: long,
          expireTime: Date.now() + 3600_000,
        },
      ])
      .execute();
    await db
      .insertInto('verifyCodes')
      .values({
        account: 'email:old@example.com',
        usedFor: 1,
        codeHash: 'x',
        createTime: long,
        expireTime: long + 1,
        attempts: 0,
        used: 0,
      })
      .execute();
    // The job deletes sessions, then codes, in two statements: wait for both rather than read the
    // codes the moment the sessions are gone (on PostgreSQL the second delete may not be done yet).
    const remaining = async () => ({
      sessions: (
        await db
          .selectFrom('sessions')
          .select('tokenId')
          .where('tokenId', 'in', ['old-session', 'live-session'])
          .execute()
      ).map((r) => r.tokenId),
      codes: (
        await db
          .selectFrom('verifyCodes')
          .select('account')
          .where('account', '=', 'email:old@example.com')
          .execute()
      ).length,
    });
    await expect.poll(remaining, { timeout: 5000 }).toEqual({ sessions: ['live-session'], codes: 0 });
  });
});

describe('DATA_DIR and the JWT secret', () => {
  it('DATA_DIR is created 0700 and the generated secret file is 0600', async () => {
    const root = mkdtempSync(join(tmpdir(), 'im-perm-'));
    const dataDir = join(root, 'nested', 'data');
    const app = await buildApp(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SCRYPT_N: '16384' }));
    try {
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(statSync(join(dataDir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
