import { WsReq } from '@im/protocol';
import { describe, expect, it } from 'vitest';
import type { ClientConnection } from '../src/gateway/client-connection.ts';
import { requestLanes } from '../src/gateway/request-lanes.ts';
import { TurnBudget } from '../src/http/turn-budget.ts';

/** Lets every settled promise's continuations run, and the turns and slots handed over meanwhile. */
const settle = async () => {
  for (let i = 0; i < 4; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

/**
 * The gateway's lanes (src/gateway/request-lanes.ts): sends wait for their commit in a wide lane of
 * their own, so that the commits' round trips do not bound how many messages a second the gateway
 * takes, and the other requests keep their bound.
 */
describe('gateway request lanes', () => {
  const conn = {} as ClientConnection;

  /** Lanes over a dispatch whose requests run until `release`; `started` lists what began. */
  const lanes = (maxRunning: number, maxSending: number) => {
    const started: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const run = requestLanes({ maxRunning, maxSending }, new TurnBudget(1000), async (_conn, id, data) => {
      started.push(`${id}:${String(data)}`);
      await released;
      return undefined;
    });
    return { run, started, release };
  };

  it('starts sends beyond the requests’ bound while other requests run, and bounds the sends by their own', async () => {
    const { run, started, release } = lanes(2, 10);
    const all = [
      run(conn, WsReq.PullMsgs, 'pull 1'),
      run(conn, WsReq.PullMsgs, 'pull 2'),
      run(conn, WsReq.PullMsgs, 'pull 3'),
      ...Array.from({ length: 12 }, (_, i) => run(conn, WsReq.SendMsg, `send ${i}`)),
    ];
    await settle();
    expect(started.filter((s) => s.includes('pull'))).toHaveLength(2);
    // Sharing the requests' two slots, no send would have started until a pull ended.
    expect(started.filter((s) => s.includes('send'))).toHaveLength(10);
    release();
    await Promise.all(all);
    expect(started).toHaveLength(15);
  });
});
