import { expect, vi } from 'vitest';
import { eachLimited, registerPairs } from './accounts.ts';
import type { Cluster } from './cluster.ts';
import type { Ledger } from './ledger.ts';
import { connectUser } from './sdk-user.ts';
import type { SdkUser } from './sdk-user.ts';
import { storageDefects } from './storage.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `count` sdk clients through HAProxy (it spreads them over the nodes), in pairs of friends, each
 * counted by the ledger from its first frame on.
 */
export async function connectPairs(cluster: Cluster, ledger: Ledger, count: number, prefix: string) {
  const accounts = await registerPairs(cluster.url, count, prefix);
  const users = await eachLimited(accounts, 10, (account) => connectUser(cluster.host, account));
  for (const user of users) ledger.watch(user);
  await vi.waitFor(() => expect(users.filter((u) => u.of('syncFinish').length === 0)).toHaveLength(0), {
    timeout: 60_000,
    interval: 200,
  });
  return users;
}

/**
 * Every client sends texts to its pair partner for `seconds`, one at a time (the next after the
 * answer or the failure), with a random pause of about `pauseMs` between; `fault` runs alongside.
 * With `secondsAfterFault`, the load goes on at least that long after the fault has ended (a service
 * that takes longer to restart on a busy machine still sees that much load once it is back).
 * Resolves when every client's last send is answered or failed.
 */
export async function sendLoad(
  users: SdkUser[],
  ledger: Ledger,
  options: { seconds: number; pauseMs: number; fault?: () => Promise<void>; secondsAfterFault?: number },
): Promise<void> {
  let until = Date.now() + options.seconds * 1000;
  const fault = options.fault?.().then(() => {
    until = Math.max(until, Date.now() + (options.secondsAfterFault ?? 0) * 1000);
  });
  const loop = async (user: SdkUser, partner: SdkUser, n: number) => {
    await sleep(Math.random() * options.pauseMs);
    let i = 0;
    while (Date.now() < until) {
      i += 1;
      const to = partner.account.userID;
      await ledger.send(user, { recvID: to }, [to], `load ${n}.${i}`);
      await sleep(options.pauseMs * (0.5 + Math.random()));
    }
  };
  const loops = users.map((user, n) => loop(user, users[n ^ 1], n));
  await Promise.all([...loops, fault]);
}

/**
 * Waits (bounded) until every recipient has every acknowledged message, then checks the count and
 * the storage: zero lost, zero duplicated, in seq order, each acknowledged send stored once.
 */
export async function expectNothingLost(cluster: Cluster, ledger: Ledger, settleMs = 30_000) {
  await vi.waitFor(() => expect(ledger.report().lost.slice(0, 10)).toEqual([]), {
    timeout: settleMs,
    interval: 500,
  });
  const report = ledger.report();
  const storage = await storageDefects(cluster.databaseUrl, ledger.ackedMessages());
  console.log(
    `sent ${report.attempted}, acknowledged ${report.acknowledged}, unacknowledged ${report.unacknowledged}, ` +
      `receipts ${report.receipts} (send → receipt p50 ${ledger.receiptDelays().p50} ms, p99 ${ledger.receiptDelays().p99} ms), ` +
      `failures ${JSON.stringify(Object.fromEntries(ledger.failures))}`,
  );
  expect({ ...report, ...storage }).toMatchObject({
    lost: [],
    duplicated: [],
    outOfOrder: [],
    missing: [],
    copies: [],
  });
  return report;
}
