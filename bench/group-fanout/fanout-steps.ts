import { fork } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import type { ServerProcess } from '../messaging/server-process.ts';
import { percentile, round } from '../messaging/stats.ts';
import { processCpuMs } from '../support/process-cpu.ts';
import { openClients } from './fanout-sockets.ts';
import type { Clients, Sender } from './fanout-sockets.ts';
import { ask, readyMessage, stopChildren } from '../support/child-processes.ts';

const plainServerScript = fileURLToPath(new URL('./plain-fanout-server.ts', import.meta.url));
const now = () => performance.timeOrigin + performance.now();

/** One step's figures: a row of the results table. */
export interface Row {
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

/** The plain server as its own process, sending `sample`'s bytes (plain-fanout-server.ts). */
async function startPlainServer(sample: string) {
  const child = fork(plainServerScript);
  const { port } = await readyMessage<{ port: number }>(child);
  child.send({ sample });
  return {
    port,
    cpuMs: () => processCpuMs(child.pid ?? 0),
    send: (tags: string[]) => ask<unknown>(child, { send: tags }),
    stop: () => stopChildren([child]),
  };
}
type PlainServer = Awaited<ReturnType<typeof startPlainServer>>;

/**
 * `count` messages to the group: 'paced' one each `gapMs` (the latency of one fan-out alone), 'burst'
 * all at once (deliveries a second while the gateway is saturated).
 */
export async function runStep(
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

/** The plain server's steps, with the same members' sockets and the bytes of a real push. */
export async function plainFloor(
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
