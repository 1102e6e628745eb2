import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ContentType, SessionType, WsReq } from '@im/protocol';
import { describeMachine, resultsDir } from '../messaging/bench-options.ts';
import { seedUsers } from '../messaging/seed-users.ts';
import type { BenchUser } from '../messaging/seed-users.ts';
import { startServerProcess } from '../messaging/server-process.ts';
import type { ServerProcess } from '../messaging/server-process.ts';
import { percentile, round } from '../messaging/stats.ts';
import { commitOf } from '../support/bench-server.ts';
import { processCpuMs } from '../support/process-cpu.ts';
import { profileLines, summarizeCpuProfile } from '../support/cpu-profile.ts';
import type { ProfileRow } from '../support/cpu-profile.ts';
import type { Seen } from './fanout-clients.ts';
import { befriendAll, createGroup } from './group-setup.ts';

const clientScript = fileURLToPath(new URL('./fanout-clients.ts', import.meta.url));
const plainServerScript = fileURLToPath(new URL('./plain-fanout-server.ts', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

interface Row {
  group: string;
  members: number;
  online: number;
  step: string;
  messages: number;
  /** Fewest sockets one message reached (each should reach every online member). */
  minDeliveries: number;
  deliveriesPerSec: number;
  /** None for the plain server, which answers no sends. */
  ackP50Ms?: number;
  ackP99Ms?: number;
  lastDeliveryP50Ms: number;
  lastDeliveryP99Ms: number;
  /** Server CPU time (all threads, from /proc) over the step divided by its deliveries, in µs. */
  serverCpuUsPerDelivery: number;
}

/** The owner's socket: group texts `<send time> <tag>`, each answered with the server's errCode. */
async function openSender(port: number, owner: BenchUser) {
  const query = new URLSearchParams({
    token: owner.imToken,
    sendID: owner.userID,
    platformID: '5',
    operationID: 'fanout',
  });
  const ws = new WebSocket(`ws://127.0.0.1:${port}/msg_gateway?${query}`, { perMessageDeflate: false });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const waiting = new Map<string, (errCode: number) => void>();
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as { msgIncr?: string; errCode?: number };
    if (frame.msgIncr && typeof frame.errCode === 'number') waiting.get(frame.msgIncr)?.(frame.errCode);
  });
  let n = 0;
  const send = (groupID: string, tag: string) => {
    n += 1;
    const msgIncr = `s${n}`;
    const sentAt = now();
    const frame = {
      reqIdentifier: WsReq.SendMsg,
      msgIncr,
      operationID: msgIncr,
      data: {
        clientMsgID: `fanout-${n}-${sentAt}`,
        groupID,
        sessionType: SessionType.Group,
        contentType: ContentType.Text,
        content: { content: `${sentAt} ${tag}` },
      },
    };
    return new Promise<{ sentAt: number; ackMs: number }>((resolve, reject) => {
      waiting.set(msgIncr, (errCode) => {
        waiting.delete(msgIncr);
        if (errCode !== 0) reject(new Error(`send ${tag}: errCode ${errCode}`));
        else resolve({ sentAt, ackMs: now() - sentAt });
      });
      ws.send(JSON.stringify(frame));
    });
  };
  return { send, close: () => ws.terminate() };
}

/** Client processes for `users`, `perProcess` each, from 127.0.0.30, .31, … */
async function openClients(usersFile: string, from: number, to: number, perProcess: number, port: number) {
  const children: ChildProcess[] = [];
  const opened: Promise<{ opened: number; failed: number }>[] = [];
  for (let start = from, i = 0; start < to; start += perProcess, i += 1) {
    const end = Math.min(to, start + perProcess);
    const child = fork(clientScript, [
      usersFile,
      String(start),
      String(end),
      String(port),
      `127.0.0.${30 + i}`,
    ]);
    children.push(child);
    opened.push(
      new Promise((resolve, reject) => child.once('message', resolve as never).once('exit', reject)),
    );
  }
  const counts = await Promise.all(opened);
  /** Every process's tally since the last report, merged by tag. */
  const report = async () => {
    const parts = await Promise.all(
      children.map(
        (child) =>
          new Promise<Record<string, Seen>>((resolve) => {
            child.once('message', resolve as never);
            child.send('report');
          }),
      ),
    );
    const merged = new Map<string, Seen>();
    for (const part of parts)
      for (const [tag, seen] of Object.entries(part)) {
        const entry = merged.get(tag) ?? { count: 0, maxMs: 0, lastAt: 0 };
        merged.set(tag, {
          count: entry.count + seen.count,
          maxMs: Math.max(entry.maxMs, seen.maxMs),
          lastAt: Math.max(entry.lastAt, seen.lastAt),
        });
      }
    return merged;
  };
  /** The last bench push one process received, as its bytes came. */
  const sample = () =>
    new Promise<string>((resolve) => {
      children[0].once('message', (answer: { sample: string }) => resolve(answer.sample));
      children[0].send('sample');
    });
  const stop = () =>
    Promise.all(
      children.map((child) => new Promise((resolve) => (child.once('exit', resolve), child.disconnect()))),
    );
  return { report, sample, stop, opened: counts.reduce((n, c) => n + c.opened, 0) };
}

type Sender = Awaited<ReturnType<typeof openSender>>;
type Clients = Awaited<ReturnType<typeof openClients>>;

/** The plain server as its own process, sending `sample`'s bytes (plain-fanout-server.ts). */
async function startPlainServer(sample: string) {
  const child = fork(plainServerScript);
  const { port } = await new Promise<{ port: number }>((resolve, reject) =>
    child.once('message', resolve as never).once('exit', reject),
  );
  child.send({ sample });
  return {
    port,
    cpuMs: () => processCpuMs(child.pid ?? 0),
    send: (tags: string[]) =>
      new Promise<void>((resolve) => {
        child.once('message', () => resolve());
        child.send({ send: tags });
      }),
    stop: () => new Promise((resolve) => (child.once('exit', resolve), child.disconnect())),
  };
}
type PlainServer = Awaited<ReturnType<typeof startPlainServer>>;

/**
 * `count` messages to the group: 'paced' one each `gapMs` (the latency of one fan-out alone), 'burst'
 * all at once (deliveries a second while the gateway is saturated).
 */
async function runStep(
  server: ServerProcess,
  sender: Sender,
  clients: Clients,
  group: { id: string; name: string; members: number },
  step: 'paced' | 'burst',
  count: number,
  gapMs: number,
): Promise<Row> {
  const tags = Array.from({ length: count }, (_, i) => `${group.name}-${step}-${i}`);
  return measureStep(server.cpuMs, clients, tags, step, gapMs, async () => {
    const acks: { sentAt: number; ackMs: number }[] = [];
    if (step === 'paced')
      for (const tag of tags) {
        acks.push(await sender.send(group.id, tag));
        await sleep(gapMs);
      }
    else acks.push(...(await Promise.all(tags.map((tag) => sender.send(group.id, tag)))));
    return { group: group.name, members: group.members, acks };
  });
}

/** The same steps from the plain server (plain-fanout-server.ts): the floor of one Node thread's writes. */
async function runPlainStep(
  plain: PlainServer,
  clients: Clients,
  step: 'paced' | 'burst',
  count: number,
  gapMs: number,
): Promise<Row> {
  const tags = Array.from({ length: count }, (_, i) => `plain-${step}-${i}`);
  return measureStep(plain.cpuMs, clients, tags, step, gapMs, async () => {
    if (step === 'paced')
      for (const tag of tags) {
        await plain.send([tag]);
        await sleep(gapMs);
      }
    else await plain.send(tags);
    return { group: 'plain ws', members: clients.opened, acks: [] };
  });
}

/** Drives a step's sends, waits for its deliveries, and counts them from the client processes. */
async function measureStep(
  cpuMsOf: () => number,
  clients: Clients,
  tags: string[],
  step: 'paced' | 'burst',
  gapMs: number,
  drive: () => Promise<{ group: string; members: number; acks: { ackMs: number }[] }>,
): Promise<Row> {
  const started = now();
  const cpuBefore = cpuMsOf();
  const { group, members, acks } = await drive();
  await sleep(2000);
  // The 2 s wait is idle for the server once the last delivery is out: its CPU is the step's.
  const cpuMs = cpuMsOf() - cpuBefore;
  const seen = await clients.report();
  const counts = tags.map((tag) => seen.get(tag)?.count ?? 0);
  const last = tags.map((tag) => seen.get(tag)?.maxMs ?? Infinity).sort((a, b) => a - b);
  const lastAt = Math.max(...tags.map((tag) => seen.get(tag)?.lastAt ?? 0));
  const ackMs = acks.map((a) => a.ackMs).sort((a, b) => a - b);
  const deliveries = counts.reduce((a, b) => a + b, 0);
  return {
    group,
    members,
    online: clients.opened,
    step: step === 'paced' ? `one each ${gapMs} ms` : 'all at once',
    messages: tags.length,
    minDeliveries: Math.min(...counts),
    deliveriesPerSec: round(deliveries / ((lastAt - started) / 1000), 0),
    ackP50Ms: ackMs.length ? round(percentile(ackMs, 50)) : undefined,
    ackP99Ms: ackMs.length ? round(percentile(ackMs, 99)) : undefined,
    lastDeliveryP50Ms: round(percentile(last, 50)),
    lastDeliveryP99Ms: round(percentile(last, 99)),
    serverCpuUsPerDelivery: round((cpuMs * 1000) / Math.max(1, deliveries), 1),
  };
}

/**
 * Group fan-out (issue 15, part 3): a group of `--members` (1,000) with every member but the sender
 * online on separate client processes, and a group of `--large` (10,000) whose members beyond the
 * first group's stay offline. Per group: `--messages` paced sends (send-to-last-delivery) and as many
 * at once (deliveries a second); every message must reach every online member. `--cpu-prof`
 * profiles the server for the whole run and writes where its CPU went beside the figures.
 */
export async function main(args: string[]): Promise<void> {
  const value = (flag: string, fallback: string) => {
    const at = args.indexOf(flag);
    return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
  };
  const members = Number(value('--members', '1000'));
  const large = Number(value('--large', '10000'));
  const messages = Number(value('--messages', '50'));
  const perProcess = Number(value('--per-process', '500'));
  const profileDir = args.includes('--cpu-prof') ? mkdtempSync(join(tmpdir(), 'im-bench-prof-')) : undefined;
  const dataDir = mkdtempSync(join(tmpdir(), 'im-bench-fanout-'));
  const secret = randomBytes(32).toString('hex');
  try {
    console.log(`seeding ${Math.max(members, large)} users…`);
    const users = await seedUsers(dataDir, secret, Math.max(members, large));
    const usersFile = join(dataDir, 'users.json');
    writeFileSync(usersFile, JSON.stringify(users));
    await befriendAll(dataDir, secret, users[0], users);
    const server = await startServerProcess(
      { DATA_DIR: dataDir, JWT_SECRET: secret },
      profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
    );
    const rows: Row[] = [];
    let sample = '';
    let profile: { busyMs: number; rows: ProfileRow[] } | undefined;
    try {
      const small = {
        id: await createGroup(server.port, users[0], users.slice(0, members), 'small'),
        name: 'small',
        members,
      };
      const big = {
        id: await createGroup(server.port, users[0], users.slice(0, large), 'large'),
        name: 'large',
        members: large,
      };
      const sender = await openSender(server.port, users[0]);
      const clients = await openClients(usersFile, 1, members, perProcess, server.port);
      console.log(`${clients.opened} member sockets online`);
      try {
        for (const group of [small, big]) {
          await runStep(server, sender, clients, group, 'paced', 5, 50); // warm-up, not reported
          for (const step of ['paced', 'burst'] as const) {
            const row = await runStep(server, sender, clients, group, step, messages, 100);
            rows.push(row);
            console.log(JSON.stringify(row));
          }
        }
        sample = await clients.sample();
      } finally {
        sender.close();
        await clients.stop();
      }
      await server.stop();
      if (profileDir) profile = summarizeCpuProfile(profileDir);
    } finally {
      await server.stop();
    }
    rows.push(...(await plainFloor(usersFile, members, perProcess, messages, sample)));
    writeResults({ members, large, messages, rows, profile, frameBytes: Buffer.byteLength(sample) });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (profileDir) rmSync(profileDir, { recursive: true, force: true });
  }
}

/** The plain server's steps, with the same members' sockets and the bytes of a real push. */
async function plainFloor(
  usersFile: string,
  members: number,
  perProcess: number,
  messages: number,
  sample: string,
): Promise<Row[]> {
  const plain = await startPlainServer(sample);
  const clients = await openClients(usersFile, 1, members, perProcess, plain.port);
  const rows: Row[] = [];
  try {
    await runPlainStep(plain, clients, 'paced', 5, 50); // warm-up, not reported
    for (const step of ['paced', 'burst'] as const) {
      const row = await runPlainStep(plain, clients, step, messages, 100);
      rows.push(row);
      console.log(JSON.stringify(row));
    }
  } finally {
    await clients.stop();
    await plain.stop();
  }
  return rows;
}

function writeResults(result: {
  frameBytes: number;
  members: number;
  large: number;
  messages: number;
  rows: Row[];
  profile?: { busyMs: number; rows: ProfileRow[] };
}) {
  const machine = describeMachine();
  const commit = commitOf();
  const measuredAt = new Date().toISOString();
  writeFileSync(
    join(resultsDir(), `group-fanout-${measuredAt.replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ machine, commit, measuredAt, ...result }, null, 2)}\n`,
  );
  const markdown = [
    `# Group fan-out (${measuredAt}, commit ${commit})`,
    '',
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memGiB} GiB, Node ${machine.node}; embedded SQLite; load average ${machine.loadAvg1} at the end.`,
    `A group of ${result.members} with every member but the sender online (client processes on 127.0.0.30, .31, …, sharing the`,
    `cores with the server), and a group of ${result.large} with the same members online and the rest offline. ${result.messages} texts per step.`,
    'Send-to-last-delivery: from the send to the last online member receiving it. Aim: ≥ 200,000 deliveries/s.',
    '',
    'Server CPU per delivery: the server process CPU time over the step (all threads) divided by its deliveries.',
    `The floor: "plain ws" is a \`ws\` server with nothing else (\`plain-fanout-server.ts\`) writing the same ${result.frameBytes}-byte push`,
    "to the same members' sockets, one message a turn of the event loop as the gateway sends one sender's messages:",
    'what one Node thread pays to write one frame to one loopback socket here, most of it in the kernel.',
    '',
    '| group | online | step | fewest deliveries of a message | deliveries/s | ack p50 ms | ack p99 ms | last delivery p50 ms | last delivery p99 ms | server CPU µs/delivery |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
    ...result.rows.map(
      (r) =>
        `| ${r.members} | ${r.online} | ${r.step} | ${r.minDeliveries} | ${r.deliveriesPerSec} | ${r.ackP50Ms ?? '–'} | ${r.ackP99Ms ?? '–'} | ${r.lastDeliveryP50Ms} | ${r.lastDeliveryP99Ms} | ${r.serverCpuUsPerDelivery} |`,
    ),
    '',
    ...profileLines(result.profile),
  ].join('\n');
  writeFileSync(join(resultsDir(), 'group-fanout-latest.md'), markdown);
  console.log(`\n${markdown}`);
}
