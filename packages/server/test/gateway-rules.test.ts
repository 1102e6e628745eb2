import { describe, expect, it, vi } from 'vitest';
import { WsClose, WsPush } from '@im/protocol';
import type { MessageItem } from '@im/protocol';
import type { ClientConnection } from '../src/gateway/client-connection.ts';
import { ConnectionRegistry } from '../src/gateway/connection-registry.ts';
import { startSweeps, sweep } from '../src/gateway/liveness.ts';
import { RateBucket } from '../src/gateway/rate-bucket.ts';
import { originAllowed } from '../src/gateway/upgrade-guard.ts';

/** A stand-in socket that records what the gateway did to it. */
function fakeConn(userID: string, tokenID: string, lastFrameAt: number) {
  const conn = {
    connID: `${userID}-${tokenID}`,
    userID,
    auth: { userID, tokenID, platform: 5 },
    lastFrameAt,
    alive: true,
    frames: [] as unknown[],
    closes: [] as number[],
    pings: 0,
    dropped: false,
    push: (frame: unknown) => void conn.frames.push(frame),
    pushText: (text: string) => void conn.frames.push(JSON.parse(text)),
    pushFrame: (payload: Buffer) => void conn.frames.push(JSON.parse(payload.toString())),
    close: (code: number) => void conn.closes.push(code),
    ping: () => {
      if (!conn.alive) return !(conn.dropped = true);
      conn.alive = false;
      conn.pings += 1;
      return true;
    },
    onClose: () => undefined,
  };
  return conn;
}

describe('gateway rules', () => {
  it('closes sockets idle past the timeout (4003), pings the others and drops unanswered ones', () => {
    const registry = new ConnectionRegistry();
    const now = 1_000_000;
    const idle = fakeConn('u1', 't1', now - 91_000);
    const busy = fakeConn('u2', 't2', now - 10_000);
    const deaf = fakeConn('u3', 't3', now - 10_000);
    for (const c of [idle, busy, deaf]) registry.add(c as unknown as ClientConnection);
    sweep(registry.all(), 90_000, now);
    expect(idle.closes).toEqual([WsClose.Idle]);
    expect(busy.pings).toBe(1);
    busy.alive = true; // its pong came
    sweep(registry.all(), 90_000, now);
    expect(busy.pings).toBe(2);
    expect(busy.dropped).toBe(false);
    expect(deaf.dropped).toBe(true);
  });

  it('pings each socket once a period, a slice of them each second, not all at once', () => {
    vi.useFakeTimers();
    try {
      const registry = new ConnectionRegistry();
      const conns = Array.from({ length: 90 }, (_, i) => fakeConn(`u${i}`, 't', Date.now()));
      for (const c of conns) registry.add(c as unknown as ClientConnection);
      const stop = startSweeps(registry, 90_000, 30_000);
      const pingedBy = (ms: number) => {
        vi.advanceTimersByTime(ms);
        return conns.filter((c) => c.pings > 0).length;
      };
      expect(pingedBy(999)).toBe(0);
      expect(pingedBy(1)).toBe(3);
      expect(pingedBy(14_000)).toBe(45);
      expect(pingedBy(15_000)).toBe(90);
      expect(Math.max(...conns.map((c) => c.pings))).toBe(1);
      stop();
      expect(pingedBy(60_000)).toBe(90);
      expect(Math.max(...conns.map((c) => c.pings))).toBe(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('delivers pushes to every socket of the users but the one that caused them, and ends sessions', () => {
    const registry = new ConnectionRegistry();
    const a1 = fakeConn('a', 't1', 0);
    const a2 = fakeConn('a', 't2', 0);
    const b = fakeConn('b', 't3', 0);
    for (const c of [a1, a2, b]) registry.add(c as unknown as ClientConnection);
    registry.deliver({
      userIDs: ['a', 'b'],
      reqIdentifier: WsPush.NewMessage,
      data: { seq: 1 } as MessageItem,
      exceptConnID: a1.connID,
    });
    expect([a1.frames.length, a2.frames.length, b.frames.length]).toEqual([0, 1, 1]);
    registry.endSessions({ userID: 'a', tokenIDs: ['t1'], reason: 'kicked' });
    expect(a1.frames).toEqual([{ reqIdentifier: WsPush.KickOnline, data: null }]);
    expect(a1.closes).toEqual([WsClose.Kicked]);
    registry.endSessions({ userID: 'a', tokenIDs: ['t2'], reason: 'revoked' });
    expect(a2.closes).toEqual([WsClose.TokenExpired]);
    expect(b.closes).toEqual([]);
  });

  it('allows a burst of frames, then only the refill rate', () => {
    const bucket = new RateBucket(200, 100, 0);
    let taken = 0;
    while (bucket.take(0)) taken += 1;
    expect(taken).toBe(200);
    expect(bucket.take(5)).toBe(false);
    expect(bucket.take(10)).toBe(true); // 10 ms refill one frame at 100/s
  });

  it('allows the own host, configured origins and no Origin; refuses the rest', () => {
    const allowed = ['https://app.example.com'];
    expect(originAllowed(undefined, ['chat.example.com'], allowed)).toBe(true);
    expect(originAllowed('https://chat.example.com', ['chat.example.com'], allowed)).toBe(true);
    expect(originAllowed('https://app.example.com', ['chat.example.com'], allowed)).toBe(true);
    expect(originAllowed('https://app.example.com:444', ['chat.example.com'], allowed)).toBe(false);
    expect(originAllowed('https://evil.example.net', ['chat.example.com'], allowed)).toBe(false);
    expect(originAllowed('null', ['chat.example.com'], allowed)).toBe(false);
    expect(originAllowed('https://any.example', ['x'], ['*'])).toBe(true);
  });
});
