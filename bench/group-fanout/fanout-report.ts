import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describeMachine, resultsDir } from '../messaging/bench-options.ts';
import { commitOf } from '../support/bench-server.ts';
import { profileLines } from '../support/cpu-profile.ts';
import type { ProfileRow } from '../support/cpu-profile.ts';
import type { Row } from './fanout-steps.ts';

/** The run's JSON, dated, and group-fanout-latest.md, in bench/results. */
export function writeResults(result: {
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
