import { describe, expect, it } from 'vitest';
import { inspectPortIn } from '../../../bench/memory/across-nodes.ts';
import { byPort, FILE_HEADROOM, nodesFor } from '../../../bench/memory/node-plan.ts';

/**
 * The memory bench measures a size past one process's open files over the fewest nodes of a cluster
 * (bench/memory/node-plan.ts, docs/decisions.md "Memory at 50,000 sockets"): here, how many nodes, and
 * which node each user's socket goes to.
 */
describe('the memory bench over several nodes', () => {
  it('takes one node while the sockets and the headroom fit the open-file limit, and no more nodes than it must', () => {
    expect(nodesFor(10_000, 20_000)).toBe(1);
    expect(nodesFor(20_000 - FILE_HEADROOM, 20_000)).toBe(1);
    expect(nodesFor(20_000 - FILE_HEADROOM + 1, 20_000)).toBe(2);
    expect(nodesFor(50_000, 20_000)).toBe(3);
    expect(nodesFor(50_000, 65_536)).toBe(1);
    expect(() => nodesFor(10, FILE_HEADROOM)).toThrow(/no room/);
  });

  it('gives user i to port i mod n, the same from whichever client process opens it', () => {
    const users = Array.from({ length: 10 }, (_, i) => `u${i}`);
    const whole = byPort(users, 0, ['a', 'b', 'c']);
    expect(whole).toEqual([
      ['a', ['u0', 'u3', 'u6', 'u9']],
      ['b', ['u1', 'u4', 'u7']],
      ['c', ['u2', 'u5', 'u8']],
    ]);
    // A process holding users 4..5 only: user 4 is on b, user 5 on c, and a is left out.
    expect(byPort(users.slice(4, 6), 4, ['a', 'b', 'c'])).toEqual([
      ['b', ['u4']],
      ['c', ['u5']],
    ]);
    expect(byPort(users, 0, ['only'])).toEqual([['only', users]]);
  });

  it('reads the DevTools port a node printed for --inspect=127.0.0.1:0, and nothing from a log without one', () => {
    const log =
      'starting\nDebugger listening on ws://127.0.0.1:41235/9f1c2a4e-1b2c-4d5e-8f90-123456789abc\nFor help, see: https://nodejs.org/en/docs/inspector\n';
    expect(inspectPortIn(log)).toBe(41235);
    expect(inspectPortIn('{"level":30,"msg":"listening"}\n')).toBeUndefined();
  });
});
