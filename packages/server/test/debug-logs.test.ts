import { describe, expect, it } from 'vitest';
import { DEBUG_LOG_KEEP_PER_USER, DEBUG_LOG_UPLOADS_PER_HOUR, DebugLogPath, ErrCode } from '@im/protocol';
import type { UploadDebugLogResp } from '@im/protocol';
import { api } from './support/friends.ts';
import { databases, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/** Debug log uploads (docs/api.md#debug-logs), kept per user for the operator (docs/operations.md#debug-logs). */
describe.each(databases)('debug logs on %s', (database) => {
  const { server } = useSuiteServer({ database });
  const upload = (user: { imToken: string }, body: unknown) =>
    api<UploadDebugLogResp>(server, user as never, DebugLogPath.upload, body);
  const stored = (userID: string) =>
    server.app.messenger.db
      .selectFrom('debugLogs')
      .selectAll()
      .where('userId', '=', userID)
      .orderBy('createdAt')
      .execute();

  it('stores the lines per user with the platform and version, masking anything like a token', async () => {
    const user = await registerUser(server);
    const answer = await upload(user, {
      lines: ['12:00:01 info sync done', `12:00:02 warn token=${user.imToken}`, 'password: hunter2x'],
      appVersion: '1.2.3',
      userAgent: 'Mozilla/5.0 test',
    });
    expect(answer.errCode).toBe(0);
    const [row] = await stored(user.userID);
    expect(row).toMatchObject({
      logId: answer.data!.logID,
      platform: 5,
      appVersion: '1.2.3',
      userAgent: 'Mozilla/5.0 test',
      lineCount: 3,
    });
    expect(row.content.split('\n')[0]).toBe('12:00:01 info sync done');
    expect(row.content).not.toContain(user.imToken);
    expect(row.content).not.toContain('hunter2x');
    expect(row.content).toContain('token=***');
  });

  it('refuses bodies past the limits with 1001 and stores nothing', async () => {
    const user = await registerUser(server);
    const bodies = [
      {},
      { lines: [] },
      { lines: ['x'.repeat(1001)] },
      { lines: Array.from({ length: 501 }, () => 'line') },
      { lines: ['ok'], appVersion: 'v'.repeat(65) },
      { lines: 'not a list' },
    ];
    for (const body of bodies) expect((await upload(user, body)).errCode).toBe(ErrCode.ARGS);
    expect(await stored(user.userID)).toHaveLength(0);
  });

  it('needs a session, keeps the newest uploads per user and limits how often', async () => {
    const anonymous = await upload({ imToken: '' }, { lines: ['x'] });
    expect(anonymous.errCode).toBe(ErrCode.TOKEN_MISSING);
    const user = await registerUser(server);
    for (let i = 0; i < DEBUG_LOG_UPLOADS_PER_HOUR; i += 1)
      expect((await upload(user, { lines: [`upload ${i}`] })).errCode).toBe(0);
    const rows = await stored(user.userID);
    expect(rows).toHaveLength(DEBUG_LOG_KEEP_PER_USER);
    expect(rows.at(-1)!.content).toBe(`upload ${DEBUG_LOG_UPLOADS_PER_HOUR - 1}`);
    const refused = await upload(user, { lines: ['one more'] });
    expect(refused.errCode).toBe(ErrCode.TOO_FREQUENT);
    expect(await stored(user.userID)).toHaveLength(DEBUG_LOG_KEEP_PER_USER);
  });
});
