import { describe, expect, it, vi } from 'vitest';
import { ApiError, DebugLogBuffer, captureConsole } from '../src/index.ts';
import { synced } from './support/harness.ts';
import { registerReal, useRealServer } from './support/real-server.ts';

const T0 = Date.UTC(2026, 0, 2, 3, 4, 5);

/** The debug log (docs/sdk.md#debug-log): a bounded ring buffer without tokens or message text. */
describe('debug log buffer', () => {
  it('keeps the newest lines up to its capacity, oldest first', () => {
    const buffer = new DebugLogBuffer(3);
    for (let i = 1; i <= 5; i += 1) buffer.record('info', [`line ${i}`], T0 + i);
    expect(buffer.size).toBe(3);
    expect(buffer.lines().map((l) => l.split(' ').slice(2).join(' '))).toEqual([
      'line 3',
      'line 4',
      'line 5',
    ]);
    expect(buffer.lines()[0]).toBe('2026-01-02T03:04:05.003Z info line 3');
  });

  it('never keeps a message text, a token or a request body: only codes, names and kinds', () => {
    const buffer = new DebugLogBuffer();
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJlc2ln';
    buffer.record('error', ['send failed', new ApiError(1302, 'the other party has blocked you')], T0);
    buffer.record('warn', ['push not applied', { textElem: { content: 'my secret plan' } }], T0);
    buffer.record('info', ['typed', 'my secret plan', 42, true], T0);
    buffer.record('error', [`login with token=${jwt}`, new TypeError('boom my secret plan')], T0);
    const text = buffer.lines().join('\n');
    expect(text).not.toContain('my secret plan');
    expect(text).not.toContain(jwt);
    expect(buffer.lines()).toEqual([
      '2026-01-02T03:04:05.000Z error send failed ApiError(1302: the other party has blocked you)',
      '2026-01-02T03:04:05.000Z warn push not applied [object]',
      '2026-01-02T03:04:05.000Z info typed [text 14] 42 true',
      '2026-01-02T03:04:05.000Z error login with token=*** TypeError',
    ]);
  });

  it('cuts long lines and copies console calls while they still reach the console', () => {
    const buffer = new DebugLogBuffer();
    buffer.record('info', ['x'.repeat(5000)], T0);
    expect(buffer.lines()[0]).toHaveLength(1000);
    const spies = { error: vi.fn(), warn: vi.fn(), info: vi.fn(), log: vi.fn() };
    const target = { ...spies };
    const restore = captureConsole(buffer, target);
    target.warn('socket closed', 1006);
    expect(spies.warn).toHaveBeenCalledWith('socket closed', 1006);
    expect(buffer.lines().at(-1)).toMatch(/ warn socket closed 1006$/);
    restore();
    target.error('after restore');
    expect(target.error).toBe(spies.error);
    expect(spies.error).toHaveBeenCalledWith('after restore');
    expect(buffer.size).toBe(2);
  });
});

describe('debug log upload size', () => {
  it('sends only the newest lines that fit the body limit (Chinese text is 3 bytes a character)', async () => {
    const { withinBytes } = await import('../src/modules/debug-log.ts');
    const lines = ['a'.repeat(10), '你'.repeat(10), 'b'.repeat(10)];
    expect(withinBytes(lines, 11 + 31)).toEqual(['你'.repeat(10), 'b'.repeat(10)]);
    expect(withinBytes(lines, 10)).toEqual([]);
    expect(withinBytes(lines, 1000)).toEqual(lines);
  });
});

describe('debug log upload against the real server', () => {
  const { server, login } = useRealServer();

  it('sends the kept lines, with the core lifecycle events, and the server stores them for the user', async () => {
    const session = await registerReal(server, 'Logan');
    const alice = await login(session);
    await synced(alice);
    alice.client.debugLog.record('warn', 'chat opened with text', 'never stored');
    const { logID } = await alice.client.debugLog.upload({ appVersion: '9.9.9', userAgent: 'vitest' });
    const row = await server.app.messenger.db
      .selectFrom('debugLogs')
      .selectAll()
      .where('logId', '=', logID)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ userId: session.userID, appVersion: '9.9.9', userAgent: 'vitest' });
    expect(row.content).toContain('event syncFinish');
    expect(row.content).toContain('warn chat opened with text [text 12]');
    expect(row.content).not.toContain('never stored');
    expect(row.content).not.toContain(session.imToken);
  });

  it('refuses to send an empty log without a call', async () => {
    const session = await registerReal(server, 'Empty');
    const bob = await login(session);
    const { DebugLogModule } = await import('../src/modules/debug-log.ts');
    const fresh = new DebugLogModule({ post: () => Promise.reject(new Error('no call expected')) } as never);
    await expect(fresh.upload()).rejects.toThrow(RangeError);
    expect(bob.client.debugLog.lines().length).toBeGreaterThan(0);
  });
});
