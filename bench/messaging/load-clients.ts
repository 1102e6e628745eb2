import { readFileSync } from 'node:fs';
import { spreadBeats } from '../support/spread-heartbeat.ts';
import { BenchClient } from './bench-client.ts';
import type { BenchUser } from './seed-users.ts';

/** What the parent asks of a client process: one step of `rate` msg/s (this process's share) for `seconds`. */
export interface StepOrder {
  rate: number;
  seconds: number;
}

/**
 * What the process answers: sends made and refused, the latency of every message it received, in ms,
 * with when it came (ms into the step, in the same order), and how long each send waited for its answer.
 */
export interface StepReport {
  sent: number;
  failed: number;
  latencies: number[];
  receivedAtMs: number[];
  answers: number[];
  /** CPU this client process used over the step, in ms. */
  cpuMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One client process of the messaging bench (the clients apart from the server's process and from
 * each other, as real devices are): the sockets of users [start, end) from one loopback source
 * address; each step sends its share of the rate, client i to user i+1 (who may live in another
 * process: latency is measured on the wall clock both share), and answers with what it measured.
 * argv: usersFile start end port localAddress
 */
const [usersFile, start, end, port, localAddress] = process.argv.slice(2);
const everyone = JSON.parse(readFileSync(usersFile, 'utf8')) as BenchUser[];
const first = Number(start);
const clients = everyone.slice(first, Number(end)).map((user) => new BenchClient(user));
let latencies: number[] = [];
let receivedAtMs: number[] = [];
let answers: number[] = [];
let stepStart = 0;
for (const client of clients) {
  client.onReceive = (ms) => {
    latencies.push(ms);
    receivedAtMs.push(Math.round(performance.now() - stepStart));
  };
  client.onAnswer = (ms) => answers.push(ms);
}

let next = 0;
const worker = async () => {
  while (next < clients.length) await clients[next++].open(Number(port), localAddress);
};
await Promise.all(Array.from({ length: 50 }, worker));
process.send?.({ opened: clients.length });

/** Sends at `rate` msg/s for `seconds` in ticks of 10 ms, catching up a bounded backlog per tick. */
async function runStep({ rate, seconds }: StepOrder): Promise<StepReport> {
  latencies = [];
  receivedAtMs = [];
  answers = [];
  const cpuBefore = process.cpuUsage();
  let sent = 0;
  let failed = 0;
  let cursor = 0;
  const tickMs = 10;
  const started = performance.now();
  stepStart = started;
  while (performance.now() - started < seconds * 1000) {
    const due = ((performance.now() - started) / 1000) * rate;
    for (let i = 0; i < Math.floor(due - sent) && i < (rate / 100) * 5; i += 1) {
      const index = cursor % clients.length;
      const to = everyone[(first + index + 1) % everyone.length];
      cursor += 1;
      sent += 1;
      void clients[index].send(to.userID).then((errCode) => {
        if (errCode !== 0) failed += 1;
      });
    }
    await sleep(tickMs);
  }
  await sleep(2000);
  const cpu = process.cpuUsage(cpuBefore);
  return { sent, failed, latencies, receivedAtMs, answers, cpuMs: (cpu.user + cpu.system) / 1000 };
}

process.on('message', (order: StepOrder) => {
  void runStep(order).then((report) => process.send?.(report));
});

// The sdk's heartbeats, spread over their 25 s: all 1,000 at once were a burst in the middle of a
// step that no set of real devices sends (docs/decisions.md "The message hot path").
const heartbeat = spreadBeats(
  () => clients.length,
  (index) => clients[index].heartbeat(),
);

process.on('disconnect', () => {
  clearInterval(heartbeat);
  clients.forEach((c) => c.close());
  process.exit(0);
});
