import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BenchClient } from './bench-client.ts';
import { seedUsers } from './seed-users.ts';
import { startServerProcess } from './server-process.ts';
import { describeMachine, parseLoadOptions, resultsDir } from './bench-options.ts';
import type { LoadOptions } from './bench-options.ts';
import { percentile, round } from './stats.ts';

interface StepResult {
  targetRate: number;
  sentPerSec: number;
  receivedPerSec: number;
  failedSends: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  serverRssMiB: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens every client's socket, a bounded number at a time. */
async function connectAll(clients: BenchClient[], port: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < clients.length) await clients[next++].open(port);
  };
  await Promise.all(Array.from({ length: 100 }, worker));
}

/** Sends at `rate` msg/s for `seconds`, client i to client i+1, and measures what arrives. */
async function runStep(
  clients: BenchClient[],
  rate: number,
  seconds: number,
  rss: () => number,
): Promise<StepResult> {
  const latencies: number[] = [];
  for (const client of clients) client.onReceive = (ms) => latencies.push(ms);
  let sent = 0;
  let failed = 0;
  let cursor = 0;
  const tickMs = 10;
  const perTick = rate / (1000 / tickMs);
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const due = ((performance.now() - started) / 1000) * rate;
    const backlog = Math.floor(due - sent);
    for (let i = 0; i < backlog && i < perTick * 5; i += 1) {
      const from = clients[cursor % clients.length];
      const to = clients[(cursor + 1) % clients.length];
      cursor += 1;
      sent += 1;
      void from.send(to.user.userID).then((errCode) => {
        if (errCode !== 0) failed += 1;
      });
    }
    await sleep(tickMs);
  }
  const elapsed = (performance.now() - started) / 1000;
  await sleep(2000);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    targetRate: rate,
    sentPerSec: round(sent / elapsed, 0),
    receivedPerSec: round(sorted.length / elapsed, 0),
    failedSends: failed,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
    serverRssMiB: rss(),
  };
}

export async function main(args: string[]): Promise<void> {
  const options = parseLoadOptions(args, { rates: '1000,2500,5000,10000', seconds: '10' });
  const dataDir = mkdtempSync(join(tmpdir(), 'im-bench-'));
  const secret = randomBytes(32).toString('hex');
  console.log(`seeding ${options.clients} users…`);
  const users = await seedUsers(dataDir, secret, options.clients);
  const server = await startServerProcess({ DATA_DIR: dataDir, JWT_SECRET: secret });
  const clients = users.map((user) => new BenchClient(user));
  try {
    const connectStart = performance.now();
    await connectAll(clients, server.port);
    const connectSeconds = round((performance.now() - connectStart) / 1000, 2);
    const idleRss = server.rssMiB();
    console.log(`${clients.length} clients connected in ${connectSeconds} s; server RSS ${idleRss} MiB`);
    const heartbeat = setInterval(() => clients.forEach((c) => c.heartbeat()), 25_000);
    const steps: StepResult[] = [];
    for (const rate of options.rates) {
      const step = await runStep(clients, rate, options.seconds, () => server.rssMiB());
      steps.push(step);
      console.log(
        `target ${rate} msg/s: sent ${step.sentPerSec}/s, received ${step.receivedPerSec}/s, p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms, failed ${step.failedSends}, RSS ${step.serverRssMiB} MiB`,
      );
      if (step.p99Ms > 2000 || step.receivedPerSec < step.sentPerSec * 0.5) break;
    }
    clearInterval(heartbeat);
    writeResults({ options, connectSeconds, idleRss, steps });
  } finally {
    clients.forEach((c) => c.close());
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function writeResults(result: {
  options: LoadOptions;
  connectSeconds: number;
  idleRss: number;
  steps: StepResult[];
}) {
  const dir = resultsDir();
  const machine = describeMachine();
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  writeFileSync(join(dir, `messaging-${stamp}.json`), `${JSON.stringify({ machine, ...result }, null, 2)}\n`);
  const rows = result.steps.map(
    (s) =>
      `| ${s.targetRate} | ${s.sentPerSec} | ${s.receivedPerSec} | ${s.p50Ms} | ${s.p99Ms} | ${s.failedSends} | ${s.serverRssMiB} |`,
  );
  const markdown = [
    `# Messaging benchmark (${new Date().toISOString()})`,
    '',
    `${result.options.clients} clients on loopback through the real gateway into the embedded SQLite store;`,
    `one-to-one texts, client i to client i+1, ${result.options.seconds} s per step. Machine: ${machine.cpus} cores, ${machine.memGiB} GiB, Node ${machine.node}.`,
    `Connect: ${result.connectSeconds} s; idle server RSS ${result.idleRss} MiB.`,
    '',
    '| target msg/s | sent/s | received/s | p50 ms | p99 ms | failed | server RSS MiB |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
  writeFileSync(join(dir, 'messaging-latest.md'), markdown);
  console.log(`\n${markdown}`);
}
