import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { singleConversationID } from '@im/protocol';
import { DEFAULT_PULL_PAGE_SIZE } from '../../packages/sdk/src/sync/seq-planner.ts';
import { cpuSeconds } from '../cluster/topology.ts';
import { seedUsers } from '../messaging/seed-users.ts';
import type { BenchUser } from '../messaging/seed-users.ts';
import { startServerProcess } from '../messaging/server-process.ts';
import { summarizeCpuProfile } from '../support/cpu-profile.ts';
import { readEventLoopDelay } from './event-loop-delay.ts';
import { listenOverflows } from './listen-overflows.ts';
import { loginProbes } from './login-probes.ts';
import { probePullBound } from './pull-bound.ts';
import { seedMissed } from './seed-missed.ts';
import { writeStormResults } from './storm-report.ts';
import type { CatchUp, StormOrder } from './storm-types.ts';
import { ask, readyMessage, stopChildren } from '../support/child-processes.ts';

const clientScript = fileURLToPath(new URL('./storm-clients.ts', import.meta.url));
const now = () => performance.timeOrigin + performance.now();

/**
 * The client processes' first source address, 127.N.0.40 (the next ones .41, .42, …), with N from the
 * clock: a run's 10,000 connections leave as many in TIME_WAIT for a minute, and a run right after it
 * from the same addresses spent seconds of its clients' CPU in the kernel's search for a free port
 * (nothing opened for the storm's first 13 s, the clients' CPU 31–35 s instead of 7–9).
 */
function clientSubnet(): number {
  return 1 + (Math.floor(Date.now() / 1000) % 250);
}

/** Client processes of `perProcess` clients each, from 127.N.0.40, .41, …, each ready to reconnect. */
async function forkClients(
  clientsFile: string,
  total: number,
  perProcess: number,
  port: number,
  pageSize: number,
  subnet: number,
  niceness: number,
): Promise<ChildProcess[]> {
  const children: ChildProcess[] = [];
  for (let start = 0, i = 0; start < total; start += perProcess, i += 1) {
    const end = Math.min(total, start + perProcess);
    const args = [clientsFile, start, end, total, port, `127.${subnet}.0.${40 + i}`, pageSize].map(String);
    // BENCH_CLIENT_NODE_ARGS passes flags to the clients' node (e.g. --cpu-prof), as BENCH_SERVER_NODE_ARGS
    // does to the server's (messaging/server-process.ts).
    const nodeArgs = process.env.BENCH_CLIENT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
    const child = fork(clientScript, args, { execArgv: [...process.execArgv, ...nodeArgs] });
    if (niceness !== 0 && child.pid) setPriority(child.pid, niceness);
    children.push(child);
  }
  await Promise.all(children.map((child) => readyMessage(child)));
  return children;
}

/**
 * The users and their missed messages in `dataDir`: seeded now, or kept from an earlier run of the
 * same sizes (`storm.json` names them, with the secret the tokens were signed with).
 */
async function seedOrReuse(dataDir: string, clients: number, missed: number) {
  const marker = join(dataDir, 'storm.json');
  const clientsFile = join(dataDir, 'clients.json');
  if (existsSync(marker)) {
    const kept = JSON.parse(readFileSync(marker, 'utf8')) as Seeded;
    if (kept.clients === clients && kept.missed === missed) {
      console.log(`reusing the ${clients * missed} missed messages seeded in ${dataDir}`);
      return { ...kept, clientsFile };
    }
    throw new Error(`${dataDir} holds a storm of other sizes; name another folder`);
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  // Users 2k and 2k + 1 are friends (seedUsers): 2k is a client, 2k + 1 its offline sender.
  console.log(`seeding ${clients * 2} users and ${clients * missed} missed messages…`);
  const started = now();
  const users = await seedUsers(dataDir, secret, clients * 2);
  const pairs = Array.from({ length: clients }, (_, k) => ({
    client: users[2 * k],
    sender: users[2 * k + 1],
  }));
  await seedMissed(dataDir, secret, pairs, missed);
  const seedSeconds = (now() - started) / 1000;
  console.log(`seeded in ${seedSeconds.toFixed(1)} s`);
  writeFileSync(clientsFile, JSON.stringify(pairs.map((p) => p.client)));
  const seeded: Seeded = { clients, missed, secret, seedSeconds, pairs };
  writeFileSync(marker, JSON.stringify(seeded));
  return { ...seeded, clientsFile };
}

interface Seeded {
  clients: number;
  missed: number;
  secret: string;
  seedSeconds: number;
  pairs: { client: BenchUser; sender: BenchUser }[];
}

/**
 * `npm run bench -- reconnect-storm` (issue 15, part 4): `--clients` (10,000) users each miss
 * `--missed` (100) messages, then all reconnect within `--spread` ms (1,000) from client processes of
 * `--per-process` (2,500) and catch up as the sdk does (GetMaxSeqs, PullMsgs pages of `--page-size`
 * seqs, the conversation list). Meanwhile a fresh login is timed every second. Aims: every client
 * caught up within 10 s, a login ≤ 1 s, the pull paged and bounded. `--cpu-prof` profiles the server;
 * `--data DIR` seeds into DIR once and reuses it after.
 */
export async function main(args: string[]): Promise<void> {
  const value = (flag: string, fallback: number) => {
    const at = args.indexOf(flag);
    return at >= 0 && args[at + 1] ? Number(args[at + 1]) : fallback;
  };
  const clients = value('--clients', 10_000);
  const missed = value('--missed', 100);
  const spreadMs = value('--spread', 1000);
  const perProcess = value('--per-process', 2500);
  const pageSize = value('--page-size', DEFAULT_PULL_PAGE_SIZE);
  // The clients' niceness (docs/decisions.md#reconnect-storm): they stand for devices of their own, so
  // they take the cores the server leaves instead of holding its event loop back; 0 to share equally.
  const clientNice = value('--client-nice', 10);
  const profileDir = args.includes('--cpu-prof') ? mkdtempSync(join(tmpdir(), 'im-bench-prof-')) : undefined;
  // `--data DIR` keeps the seeded folder for the next run with the same sizes (seeding takes minutes).
  const keptDir = args.includes('--data') ? args[args.indexOf('--data') + 1] : undefined;
  const dataDir = keptDir ?? mkdtempSync(join(tmpdir(), 'im-bench-storm-'));
  try {
    const seeded = await seedOrReuse(dataDir, clients, missed);
    const { secret, pairs, clientsFile } = seeded;
    // /metrics is served for the event-loop delay (event-loop-delay.ts).
    const metricsToken = randomBytes(16).toString('hex');
    const server = await startServerProcess(
      { DATA_DIR: dataDir, JWT_SECRET: secret, METRICS_TOKEN: metricsToken },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    try {
      const first = pairs[0];
      const bound = await probePullBound(
        server.port,
        first.sender,
        singleConversationID(first.sender.userID, first.client.userID),
        [pageSize, pageSize + 1, 10 * pageSize],
      );
      console.log(`pull bound: ${JSON.stringify(bound)}`);
      const subnet = clientSubnet();
      const children = await forkClients(
        clientsFile,
        clients,
        perProcess,
        server.port,
        pageSize,
        subnet,
        clientNice,
      );
      const idleRssMiB = server.rssMiB();
      const cpuBefore = cpuSeconds(server.pid);
      const clientCpuBefore = children.reduce((sum, child) => sum + cpuSeconds(child.pid ?? 0), 0);
      const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
      const overflowsBefore = listenOverflows();
      // Read once to start the delay's record afresh.
      await readEventLoopDelay(server.port, metricsToken);
      const order: StormOrder = { startAt: now() + 1000, spreadMs };
      let peakRssMiB = idleRssMiB;
      const sampler = setInterval(() => (peakRssMiB = Math.max(peakRssMiB, server.rssMiB())), 250);
      let finished = false;
      let cpuStorm = 0;
      let clientCpu = 0;
      let listenDrops: number | undefined;
      const results = Promise.all(children.map((child) => ask<CatchUp[]>(child, order))).then((parts) => {
        cpuStorm = cpuSeconds(server.pid) - cpuBefore;
        const overflowsAfter = listenOverflows();
        if (overflowsBefore !== undefined && overflowsAfter !== undefined)
          listenDrops = overflowsAfter - overflowsBefore;
        clientCpu = children.reduce((sum, child) => sum + cpuSeconds(child.pid ?? 0), 0) - clientCpuBefore;
        finished = true;
        return parts.flat();
      });
      // Senders of pairs past the first sign in as the probes: none of them holds a socket.
      const emails = pairs.slice(1, 200).map((_, k) => `bench${2 * (k + 1) + 1}@example.com`);
      const [catchUps, probes] = await Promise.all([
        results,
        loginProbes(server.port, emails, order.startAt, 1000, 5, () => finished),
      ]);
      clearInterval(sampler);
      const eventLoop = await readEventLoopDelay(server.port, metricsToken);
      await stopChildren(children);
      await server.stop();
      writeStormResults({
        clients,
        missed,
        spreadMs,
        perProcess,
        pageSize,
        seedSeconds: seeded.seedSeconds,
        catchUps,
        probes,
        eventLoop,
        bound,
        idleRssMiB,
        peakRssMiB,
        cpuSeconds: cpuStorm,
        clientCpuSeconds: clientCpu,
        loadBefore: Number(loadBefore),
        clientAddress: `127.${subnet}.0.40`,
        clientNice,
        listenOverflows: listenDrops,
        profile: profileDir ? summarizeCpuProfile(profileDir) : undefined,
      });
    } finally {
      await server.stop();
    }
  } finally {
    if (!keptDir) rmSync(dataDir, { recursive: true, force: true });
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}
