import { afterEach, describe, expect, it, vi } from 'vitest';
import { befriend, register } from './support/accounts.ts';
import { useCluster } from './support/cluster.ts';
import type { Cluster } from './support/cluster.ts';
import { Ledger } from './support/ledger.ts';
import { connectPairs, expectNothingLost, sendLoad } from './support/load.ts';
import { connectUser, FAULT_TIMERS, logoutAll } from './support/sdk-user.ts';
import type { SdkUser } from './support/sdk-user.ts';

/**
 * Redis or PostgreSQL restarted under load (issue 13, faults), against real processes:
 * scripts/cluster.sh starts 2 nodes + HAProxy + PostgreSQL + Redis on loopback; the clients are the
 * real sdk through HAProxy.
 *
 * Numbers: 40 clients (20 pairs of friends), each sending to its partner one text at a time with ~1 s
 * between sends, for 16 s; the service is stopped at 5 s and started again 4 s later. A watching pair
 * (one client on each node, no quiet max-seq check) proves that live cross-node pushes resume after
 * the restart. The test counts every acknowledged send and every receipt by (conversation, seq): zero
 * lost, zero duplicated, in seq order, each acknowledged send stored once.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a shared service restarts under load', () => {
  const cluster = useCluster(2);
  let users: SdkUser[] = [];
  let watchers: SdkUser[] = [];
  afterEach(async () => {
    await logoutAll([...users, ...watchers]);
    users = [];
    watchers = [];
  }, 60_000);

  /** One client on each node that only learns of messages by push (the quiet check is off). */
  const watchingPair = async (c: Cluster) => {
    const [a, b] = [await register(c.url, 'Watcher'), await register(c.url, 'Watched')];
    await befriend(c.url, a, b);
    const pushOnly = { ...FAULT_TIMERS, periodicSyncMs: 0 };
    // Not among the load's clients: they send nothing until the fault is over.
    watchers = [await connectUser(c.nodeHost(1), a, pushOnly), await connectUser(c.nodeHost(2), b, pushOnly)];
    return watchers;
  };

  /**
   * After the restart a message from node 1 reaches node 2 by push within 3 s: tried again for up to
   * 30 s (the nodes and the sdk come back on their own timers), each attempt's outcome kept for the
   * failure message.
   */
  const expectLivePushes = async ([from, to]: SdkUser[]) => {
    const texts = () => to.of('recvNewMessages').flat().length;
    const outcomes: string[] = [];
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const before = texts();
      const started = Date.now();
      const sent = await Promise.race([
        from.client.messages
          .sendMessage({
            recvID: to.account.userID,
            message: from.client.messages.createTextMessage('live again?'),
          })
          .then(
            () => 'acknowledged',
            (error: unknown) => `failed (${String(error)})`,
          ),
        sleep(10_000).then(() => 'unanswered in 10 s'),
      ]);
      const arrived = await vi
        .waitFor(() => expect(texts()).toBeGreaterThan(before), { timeout: 3_000 })
        .then(() => true)
        .catch(() => false);
      if (arrived) return;
      outcomes.push(`${sent} after ${Date.now() - started} ms, not pushed`);
    }
    throw new Error(`no live push after the restart: ${outcomes.join('; ')}`);
  };

  it('Redis: pushes lost while it is down are filled by pulls, then live pushes resume', async () => {
    const c = cluster.get();
    const ledger = new Ledger();
    users = await connectPairs(c, ledger, 40, 'r');
    const pair = await watchingPair(c);
    await sendLoad(users, ledger, {
      seconds: 16,
      pauseMs: 1_000,
      // Sends once the service is back, however long its restart took on this machine.
      secondsAfterFault: 7,
      fault: async () => {
        await sleep(5_000);
        await c.run('redis', 'stop');
        await sleep(4_000);
        await c.run('redis', 'start');
      },
    });
    const report = await expectNothingLost(c, ledger);
    expect(report.acknowledged).toBeGreaterThan(300);
    await expectLivePushes(pair);
  }, 240_000);

  it('PostgreSQL: sends in the outage answer an error the sdk retries; everything is stored once', async () => {
    const c = cluster.get();
    const ledger = new Ledger();
    users = await connectPairs(c, ledger, 40, 'q');
    const pair = await watchingPair(c);
    await sendLoad(users, ledger, {
      seconds: 16,
      pauseMs: 1_000,
      // Sends once the service is back, however long its restart took on this machine.
      secondsAfterFault: 7,
      fault: async () => {
        await sleep(5_000);
        await c.run('postgres', 'stop');
        await sleep(4_000);
        await c.run('postgres', 'start');
      },
    });
    const report = await expectNothingLost(c, ledger);
    // The sdk retried every send of the outage until it was stored: none failed for good.
    expect(report.unacknowledged).toBe(0);
    expect(ledger.slowest).toBeGreaterThan(2_000);
    expect(report.acknowledged).toBeGreaterThan(300);
    await expectLivePushes(pair);
  }, 240_000);
});
