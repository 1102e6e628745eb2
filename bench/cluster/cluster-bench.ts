import { readFileSync } from 'node:fs';
import { BenchClient } from '../messaging/bench-client.ts';
import { parseLoadOptions } from '../messaging/bench-options.ts';
import type { LoadOptions } from '../messaging/bench-options.ts';
import { percentile, round } from '../messaging/stats.ts';
import { writeReport } from './cluster-report.ts';
import { measureRedisHop } from './redis-hop.ts';
import type { Measured, StepResult } from './cluster-report.ts';
import { clusterNodes, cpuSeconds, sqliteNode } from './topology.ts';
import type { Topology } from './topology.ts';

/**
 * `npm run bench -- cluster [--clients 1000] [--rates 250,500,1000] [--seconds 8] [--from <json>]`: msg/s and p50/p99
 * of one-to-one texts for 1 node on SQLite, 1 node on PostgreSQL (with and without Redis), and 2 and
 * 3 nodes on PostgreSQL + Redis (scripts/cluster.sh), all on this machine; the CPU each process spends
 * per 1,000 messages. Client i sends to client i+1 and sits on node i mod N, so with several nodes
 * every message crosses nodes through Redis. Clients connect to the nodes directly (HAProxy's own
 * cost is not part of the figures). Writes bench/results/cluster-*.json and cluster-latest.md, with
 * what the figures predict for a 16-core machine and for 10 nodes.
 */

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function connectAll(clients: BenchClient[], ports: number[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < clients.length) {
      const i = next++;
      await clients[i].open(ports[i % ports.length]);
    }
  };
  await Promise.all(Array.from({ length: 50 }, worker));
}

/** CPU seconds so far of every process of the topology. */
function sampleCpu(t: Topology) {
  return {
    nodes: t.nodePids.map(cpuSeconds),
    postgres: t.postgresPids().reduce((sum, pid) => sum + cpuSeconds(pid), 0),
    redis: t.redisPid ? cpuSeconds(t.redisPid) : 0,
  };
}

type Cpu = ReturnType<typeof sampleCpu>;

/** CPU seconds per second each process spends with every client connected and nobody sending. */
async function idleCpu(t: Topology): Promise<Cpu> {
  const before = sampleCpu(t);
  await sleep(3_000);
  const after = sampleCpu(t);
  return {
    nodes: after.nodes.map((cpu, i) => (cpu - before.nodes[i]) / 3),
    postgres: (after.postgres - before.postgres) / 3,
    redis: (after.redis - before.redis) / 3,
  };
}

async function runStep(
  t: Topology,
  clients: BenchClient[],
  idle: Cpu,
  rate: number,
  seconds: number,
): Promise<StepResult> {
  const latencies: number[] = [];
  for (const client of clients) client.onReceive = (ms) => latencies.push(ms);
  let sent = 0;
  let failed = 0;
  let cursor = 0;
  const before = sampleCpu(t);
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    for (; sent < due; sent += 1) {
      const from = clients[cursor % clients.length];
      const to = clients[(cursor + 1) % clients.length];
      cursor += 1;
      void from.send(to.user.userID).then((errCode) => {
        if (errCode !== 0) failed += 1;
      });
    }
    await sleep(10);
  }
  const elapsed = (performance.now() - started) / 1000;
  await sleep(2_000); // the last pushes
  const after = sampleCpu(t);
  // What the messages cost: the CPU of the step less what the idle sockets cost in that time.
  const took = (performance.now() - started) / 1000;
  const perThousand = (spent: number, idlePerSec: number) =>
    round((Math.max(0, spent - idlePerSec * took) / Math.max(1, sent)) * 1000, 3);
  const sorted = latencies.sort((a, b) => a - b);
  return {
    targetRate: rate,
    sentPerSec: round(sent / elapsed, 0),
    receivedPerSec: round(sorted.length / elapsed, 0),
    delivered: round(sorted.length / Math.max(1, sent), 3),
    failedSends: failed,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    cpuPerThousand: {
      nodes: after.nodes.map((cpu, i) => perThousand(cpu - before.nodes[i], idle.nodes[i])),
      postgres: perThousand(after.postgres - before.postgres, idle.postgres),
      redis: perThousand(after.redis - before.redis, idle.redis),
    },
  };
}

async function measure(start: () => Promise<Topology>, options: LoadOptions): Promise<Measured> {
  const t = await start();
  const clients = t.users.map((user) => new BenchClient(user));
  try {
    await connectAll(clients, t.nodePorts);
    const heartbeat = setInterval(() => clients.forEach((c) => c.heartbeat()), 20_000);
    const idle = await idleCpu(t);
    const steps: StepResult[] = [];
    for (const rate of options.rates) {
      const step = await runStep(t, clients, idle, rate, options.seconds);
      steps.push(step);
      const cpu = step.cpuPerThousand;
      console.log(
        `${t.name}: target ${rate}/s, sent ${step.sentPerSec}/s, received ${step.receivedPerSec}/s, ` +
          `p50 ${step.p50Ms} ms, p99 ${step.p99Ms} ms, CPU s per 1000: nodes ${cpu.nodes.join(' + ')}, ` +
          `PostgreSQL ${cpu.postgres}, Redis ${cpu.redis}`,
      );
      if (step.p99Ms > 2_000 || step.delivered < 0.5) break;
    }
    clearInterval(heartbeat);
    // The hop alone, on this set-up's Redis once the load is over.
    const redisHop = t.redisUrl ? await measureRedisHop(t.redisUrl) : undefined;
    if (redisHop)
      console.log(`${t.name}: Redis publish → delivery p50 ${redisHop.p50Ms} ms, p99 ${redisHop.p99Ms} ms`);
    return { name: t.name, nodes: t.nodePorts.length, redis: t.redisPid !== null, steps, redisHop };
  } finally {
    clients.forEach((c) => c.close());
    await t.stop();
  }
}

export async function main(args: string[]): Promise<void> {
  const options = parseLoadOptions(args, { rates: '250,500,1000', seconds: '8' });
  // --from <results json>: writes the report again from measured figures, measuring nothing.
  const from = args.indexOf('--from');
  if (from >= 0) {
    const saved = JSON.parse(readFileSync(args[from + 1], 'utf8')) as {
      options: LoadOptions;
      results: Measured[];
    };
    writeReport(saved.options, saved.results, false);
    return;
  }
  const results: Measured[] = [await measure(() => sqliteNode(options.clients), options)];
  for (const [nodes, redis] of [
    [1, false],
    [1, true],
    [2, true],
    [3, true],
  ] as const)
    results.push(await measure(() => clusterNodes(nodes, redis, options.clients), options));
  writeReport(options, results);
}
