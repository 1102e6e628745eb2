import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeMachine, resultsDir } from '../messaging/bench-options.ts';
import { percentile, round } from '../messaging/stats.ts';
import { commitOf } from '../support/bench-server.ts';
import { profileLines } from '../support/cpu-profile.ts';
import type { ProfileRow } from '../support/cpu-profile.ts';
import type { EventLoopDelay } from './event-loop-delay.ts';
import type { LoginProbe } from './login-probes.ts';
import { perSecond } from './listen-overflows.ts';
import type { PullAnswer } from './pull-bound.ts';
import type { CatchUp } from './storm-types.ts';

export interface StormResult {
  clients: number;
  missed: number;
  spreadMs: number;
  perProcess: number;
  pageSize: number;
  seedSeconds: number;
  catchUps: CatchUp[];
  probes: LoginProbe[];
  /** The server's event-loop delay from just before the storm until every client was done. */
  eventLoop: EventLoopDelay;
  bound: PullAnswer[];
  idleRssMiB: number;
  peakRssMiB: number;
  /** Server CPU (user + system) from the storm's start until the last client was done. */
  cpuSeconds: number;
  /** The client processes' CPU over the same time (they share the machine's cores with the server). */
  clientCpuSeconds: number;
  /** The machine's 1-minute load average as the storm began: other work on it slows every figure. */
  loadBefore: number;
  /** The first client process's source address (the others count up from it). */
  clientAddress: string;
  /** The client processes' niceness (`--client-nice`, 10 unless told). */
  clientNice: number;
  /** Connections the kernel dropped from the server's full accept queue during the storm (listen-overflows.ts). */
  listenOverflows?: number;
  profile?: { busyMs: number; rows: ProfileRow[] };
}

/** p50 / p99 / max of one timing over the clients that got there, in ms. */
function spread(values: number[]) {
  const sorted = values.filter((v) => v >= 0).sort((a, b) => a - b);
  return {
    done: sorted.length,
    p50Ms: round(percentile(sorted, 50)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted.at(-1) ?? 0),
  };
}

/** The figures of a reconnect storm, and their `reconnect-storm-latest.md` table. */
export function writeStormResults(result: StormResult): void {
  const { catchUps } = result;
  const timings = {
    open: spread(catchUps.map((c) => c.openMs)),
    caughtUp: spread(catchUps.map((c) => c.caughtUpMs)),
    synced: spread(catchUps.map((c) => c.syncedMs)),
  };
  const allCaughtUpS = round(
    Math.max(...catchUps.map((c) => (c.caughtUpMs < 0 ? Infinity : c.reconnectAtMs + c.caughtUpMs))) / 1000,
    2,
  );
  const allSyncedS = round(
    Math.max(...catchUps.map((c) => (c.syncedMs < 0 ? Infinity : c.reconnectAtMs + c.syncedMs))) / 1000,
    2,
  );
  const totals = {
    messages: catchUps.reduce((n, c) => n + c.messages, 0),
    gaps: catchUps.reduce((n, c) => n + c.gaps, 0),
    retries: catchUps.reduce((n, c) => n + c.retries, 0),
    pulls: catchUps.reduce((n, c) => n + c.pulls, 0),
    largestAnswer: Math.max(...catchUps.map((c) => c.largestAnswer)),
  };
  const failures: Record<string, number> = {};
  for (const c of catchUps)
    for (const [reason, n] of Object.entries(c.failures)) failures[reason] = (failures[reason] ?? 0) + n;
  const whyRetried = Object.entries(failures)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${reason} ×${n}`)
    .join(', ');
  const login = [...result.probes].sort((a, b) => a.ms - b.ms);
  const machine = describeMachine();
  const commit = commitOf();
  const measuredAt = new Date().toISOString();
  const { catchUps: _perClient, ...kept } = result;
  writeFileSync(
    join(resultsDir(), `reconnect-storm-${measuredAt.replace(/[:.]/g, '-')}.json`),
    `${JSON.stringify({ machine, commit, measuredAt, ...kept, timings, allCaughtUpS, allSyncedS, totals, failures }, null, 2)}\n`,
  );
  const row = (what: string, t: ReturnType<typeof spread>) =>
    `| ${what} | ${t.done} | ${t.p50Ms} | ${t.p99Ms} | ${t.maxMs} |`;
  const markdown = [
    `# Reconnect storm (${measuredAt}, commit ${commit})`,
    '',
    `Machine: ${machine.cpus} cores (${machine.cpuModel}), ${machine.memGiB} GiB, Node ${machine.node}; embedded SQLite.`,
    `${result.clients} clients each missed ${result.missed} messages (${result.clients * result.missed} seeded in ${round(result.seedSeconds)} s), then all`,
    `reconnected within ${result.spreadMs} ms from client processes of ${result.perProcess} (${result.clientAddress}, .41, …, sharing the cores with the server at niceness ${result.clientNice})`,
    `and caught up as the sdk does: GetMaxSeqs, PullMsgs pages of ${result.pageSize} seqs one after another, then the conversation list on the same socket.`,
    'Per client, from its own reconnect moment. Aims: every client caught up within 10 s; a fresh login ≤ 1 s during the storm.',
    '',
    '| per client | clients | p50 ms | p99 ms | max ms |',
    '| --- | --- | --- | --- | --- |',
    row('socket open', timings.open),
    row('every missed message in hand', timings.caughtUp),
    row('conversation list too (sync done)', timings.synced),
    '',
    `All caught up ${allCaughtUpS} s after the storm began (sync done: ${allSyncedS} s). Messages pulled ${totals.messages},`,
    `seqs missing ${totals.gaps}, retried attempts ${totals.retries}${whyRetried ? ` (${whyRetried})` : ''}; ${totals.pulls} PullMsgs requests, the largest answer ${totals.largestAnswer} messages.`,
    `Server: ${round(result.cpuSeconds)} CPU s during the storm; RSS ${result.idleRssMiB} MiB before, ${result.peakRssMiB} MiB at most.`,
    `Client processes: ${round(result.clientCpuSeconds)} CPU s. Machine load average as the storm began: ${result.loadBefore}.`,
    `Sockets opened in each second of the storm: ${perSecond(catchUps.filter((c) => c.openMs >= 0).map((c) => c.reconnectAtMs + c.openMs))}.`,
    `Connections dropped from the server's full accept queue (the kernel's ListenOverflows): ${result.listenOverflows ?? 'not known'}.`,
    '',
    `Fresh password logins during the storm, one a second: ${login.length} probes, p50 ${round(
      percentile(
        login.map((p) => p.ms),
        50,
      ),
    )} ms,`,
    `p99 ${round(
      percentile(
        login.map((p) => p.ms),
        99,
      ),
    )} ms, max ${round(login.at(-1)?.ms ?? 0)} ms, over 1 s ${login.filter((p) => p.ms > 1000).length}; errCodes ${[...new Set(login.map((p) => p.errCode))].join(', ')}.`,
    `The server's event-loop delay over the storm (monitorEventLoopDelay): p99 ${result.eventLoop.p99Ms} ms, max ${result.eventLoop.maxMs} ms.`,
    '',
    'The pull bound: one PullMsgs request of one range from seq 1, as the server answers it:',
    '',
    '| seqs asked | errCode | messages answered |',
    '| --- | --- | --- |',
    ...result.bound.map((b) => `| ${b.seqs} | ${b.errCode} | ${b.messages} |`),
    '',
    ...profileLines(result.profile),
  ].join('\n');
  writeFileSync(join(resultsDir(), 'reconnect-storm-latest.md'), markdown);
  console.log(`\n${markdown}`);
}
