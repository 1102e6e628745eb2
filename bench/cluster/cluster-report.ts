import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeMachine, resultsDir } from '../messaging/bench-options.ts';
import { round } from '../messaging/stats.ts';

export interface StepResult {
  targetRate: number;
  sentPerSec: number;
  receivedPerSec: number;
  /** Received over sent (1 = every message reached its recipient). */
  delivered: number;
  failedSends: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU seconds per 1,000 messages: each node, PostgreSQL (all its processes), Redis. */
  cpuPerThousand: { nodes: number[]; postgres: number; redis: number };
}

export interface Measured {
  name: string;
  nodes: number;
  redis: boolean;
  steps: StepResult[];
  /** Publish → delivery on this set-up's Redis, measured alone after the load. */
  redisHop?: { p50Ms: number; p99Ms: number };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const holds = (s: StepResult) => s.delivered >= 0.99 && s.p99Ms < 1000;
/** The highest rate held: every message delivered and p99 under a second. */
const held = (m: Measured) => Math.max(0, ...m.steps.filter(holds).map((s) => s.receivedPerSec));
/** The lowest rate: latencies without queueing. */
const calm = (m: Measured | undefined) => m?.steps[0];

/** A straight line through (x, y) points by least squares: y = a + b·x. */
function fit(points: [number, number][]): { a: number; b: number } {
  if (points.length < 2) return { a: points[0]?.[1] ?? 0, b: 0 };
  const n = points.length;
  const mx = sum(points.map((p) => p[0])) / n;
  const my = sum(points.map((p) => p[1])) / n;
  const sxx = sum(points.map(([x]) => (x - mx) ** 2));
  const b = sxx === 0 ? 0 : sum(points.map(([x, y]) => (x - mx) * (y - my))) / sxx;
  return { a: my - b * mx, b };
}

/**
 * What the figures predict. CPU per message is measured; the rest is arithmetic with stated
 * assumptions: 75 % of a core usable, a node is one event loop (one core), Redis is one core (it is
 * single-threaded). On one node a push is delivered in-process; from 2 nodes on, each message costs
 * its sender's node and its recipient's, and every published message also reaches every other node's
 * subscription, so the cost of N nodes is fitted on the runs with 2 nodes or more and grows with N.
 */
export function predict(results: Measured[]) {
  // Only runs that delivered: a set-up that lost messages measured nothing worth carrying over.
  const redisRuns = results.filter((m) => m.redis && m.steps.some(holds));
  // The CPU per message falls as the rate rises (more work per wake-up, PostgreSQL's group commit),
  // so the set-ups are compared at one rate: the highest that every one of them held.
  const rates = redisRuns.map((m) => m.steps.filter(holds).map((s) => s.targetRate));
  const common = Math.max(0, ...(rates[0] ?? []).filter((r) => rates.every((held) => held.includes(r))));
  const at = (m: Measured) => m.steps.find((s) => s.targetRate === common) ?? m.steps[0];
  const many = redisRuns.filter((m) => m.nodes >= 2);
  const fitted = many.length >= 2 ? many : redisRuns;
  const nodeFit = fit(fitted.map((m) => [m.nodes, sum(at(m).cpuPerThousand.nodes)]));
  const redisFit = fit(fitted.map((m) => [m.nodes, at(m).cpuPerThousand.redis]));
  const pg = Math.max(...redisRuns.map((m) => at(m).cpuPerThousand.postgres), 0.001);
  const one = redisRuns.find((m) => m.nodes === 1);
  const nodeCost = (n: number) =>
    n === 1 && one ? sum(at(one).cpuPerThousand.nodes) : Math.max(0.001, nodeFit.a + nodeFit.b * n);
  const redisCost = (n: number) => Math.max(0.0001, redisFit.a + redisFit.b * n);
  const usable = 0.75;
  // One 16-core machine with k node processes, PostgreSQL and Redis sharing its cores: bounded by all
  // the CPU together and by each node's one core; the best k is taken.
  const onSixteen = (k: number) =>
    Math.min(
      (16 * usable * 1000) / (nodeCost(k) + pg + redisCost(k)),
      (k * usable * 1000) / nodeCost(k),
      (usable * 1000) / redisCost(k),
    );
  const bestK = Array.from({ length: 14 }, (_, i) => i + 1).reduce((a, b) =>
    onSixteen(b) > onSixteen(a) ? b : a,
  );
  const sixteen = { nodes: bestK, perSecond: round(onSixteen(bestK), 0) };
  // Ten node processes, each on a machine of its own, on one PostgreSQL of 16 cores and one Redis.
  const ten = {
    nodesCeiling: round((10 * usable * 1000) / nodeCost(10), 0),
    postgresCeiling: round((16 * usable * 1000) / pg, 0),
    redisCeiling: round((usable * 1000) / redisCost(10), 0),
  };
  const limits = [
    ['the nodes', ten.nodesCeiling],
    ['PostgreSQL', ten.postgresCeiling],
    ['Redis', ten.redisCeiling],
  ] as const;
  const first = [...limits].sort((a, b) => a[1] - b[1])[0];
  return { common, nodeFit, redisFit, pg, nodeCost10: round(nodeCost(10), 3), sixteen, ten, first };
}

export function writeReport(
  options: { clients: number; rates: number[]; seconds: number },
  results: Measured[],
  saveJson = true,
) {
  const dir = resultsDir();
  const machine = describeMachine();
  const prediction = predict(results);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (saveJson)
    writeFileSync(
      join(dir, `cluster-${stamp}.json`),
      `${JSON.stringify({ machine, options, results, prediction }, null, 2)}\n`,
    );
  const rows = results.flatMap((m) =>
    m.steps.map(
      (s) =>
        `| ${m.name} | ${s.targetRate} | ${s.sentPerSec} | ${s.receivedPerSec} | ${s.p50Ms} | ${s.p99Ms} | ${s.failedSends} | ${s.cpuPerThousand.nodes.join(' + ')} | ${s.cpuPerThousand.postgres} | ${s.cpuPerThousand.redis} |`,
    ),
  );
  const find = (name: string) => results.find((m) => m.name === name);
  // A push to a user on another node crosses Redis; on one node it is delivered in-process.
  const hop = round(
    (calm(find('2 nodes, PostgreSQL + Redis'))?.p50Ms ?? 0) -
      (calm(find('1 node, PostgreSQL + Redis'))?.p50Ms ?? 0),
  );
  const alone = results.find((m) => m.redisHop)?.redisHop;
  const heldRows = results.map((m) => `| ${m.name} | ${held(m)} |`);
  const p = prediction;
  const markdown = [
    `# Cluster benchmark (${new Date().toISOString()})`,
    '',
    `${options.clients} clients (raw gateway sockets) on loopback, one-to-one texts, client i to client i+1, client i on node i mod N`,
    `(so with 2 or 3 nodes every message crosses nodes through Redis), ${options.seconds} s per rate. Nodes, PostgreSQL and Redis`,
    `are the processes of scripts/cluster.sh; the clients connect to the nodes directly. Machine: ${machine.cpus} cores`,
    `(shared with the other work on it), ${machine.memGiB} GiB, Node ${machine.node}. CPU is user + system seconds from /proc per`,
    '1,000 messages sent, for each node, PostgreSQL (all its processes) and Redis.',
    '',
    '| set-up | target msg/s | sent/s | received/s | p50 ms | p99 ms | failed | CPU s/1000 per node | PostgreSQL | Redis |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
    '| set-up | highest rate held (all delivered, p99 < 1 s), msg/s |',
    '| --- | --- |',
    ...heldRows,
    '',
    `**The Redis hop.** Alone (publish on one connection until delivery on another, 1,000 times, ~600 bytes): p50 ${alone?.p50Ms ?? '–'} ms, p99 ${alone?.p99Ms ?? '–'} ms.`,
    `Under load, 2 nodes (every push crosses Redis) less 1 node on PostgreSQL + Redis (pushes delivered in-process), p50 at ${options.rates[0]} msg/s: ${hop} ms`,
    '(noisy on a shared 2-core machine: both set-ups queue behind the same cores).',
    '',
    '## What it predicts',
    '',
    'This machine has 2 cores for everything (nodes, PostgreSQL, Redis and the clients), so the rates above are not a',
    'throughput record; the CPU per message is what carries over. It falls as the rate rises (more work per wake-up,',
    `PostgreSQL's group commit), so the set-ups are compared at ${p.common} msg/s, the highest rate all of them held, which`,
    'makes the predictions conservative. Fitted on the runs with 2 and 3 nodes:',
    `all nodes together spend ${round(p.nodeFit.a, 3)} + ${round(p.nodeFit.b, 3)}·N CPU seconds per 1,000 messages on N nodes`,
    `(${p.nodeCost10} on 10), Redis ${round(p.redisFit.a, 3)} + ${round(p.redisFit.b, 3)}·N, PostgreSQL ${round(p.pg, 3)}.`,
    'Assumed: 75 % of a core usable; a node is one event loop (one core); Redis is one core.',
    '',
    `- **One 16-core machine** (nodes, PostgreSQL and Redis on it): about ${p.sixteen.perSecond} msg/s, best with`,
    `  ${p.sixteen.nodes} node processes (more would each spend CPU on every other node's publishes).`,
    `- **10 nodes**, each on a machine of its own, on a 16-core PostgreSQL and a Redis: the nodes allow about`,
    `  ${p.ten.nodesCeiling} msg/s, PostgreSQL about ${p.ten.postgresCeiling} msg/s (CPU only), Redis about ${p.ten.redisCeiling} msg/s.`,
    `- **What limits first**: ${p.first[0]} (about ${p.first[1]} msg/s). The bus publishes every event to every node, so`,
    '  each node spends CPU on every message of the cluster and adding nodes adds less and less; publishing only to',
    '  the nodes that hold the recipients (presence knows them) would remove that term. After that, PostgreSQL:',
    '  beyond its CPU, its commit rate (one WAL flush per send transaction, grouped under load) and the',
    "  conversation's seq row that each send updates bound the store.",
    '',
  ].join('\n');
  writeFileSync(join(dir, 'cluster-latest.md'), markdown);
  console.log(`\n${markdown}`);
}
