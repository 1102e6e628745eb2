import { createHash } from 'node:crypto';
import { round } from '../messaging/stats.ts';

/** The fixed work: a payload shaped like a stored message's, serialised, parsed and hashed. */
const ROUNDS = 15;
const ITEMS = 10_000;

function fixedWork(): string {
  const hash = createHash('sha256');
  for (let i = 0; i < ITEMS; i += 1) {
    const item = {
      conversationID: `si_b${String(i).padStart(6, '0')}_b${String(i + 1).padStart(6, '0')}`,
      seq: i,
      clientMsgID: `c${i.toString(16).padStart(31, '0')}`,
      contentType: 101,
      textElem: { content: `${1765055407123 + i} bench message` },
    };
    const text = JSON.stringify(item);
    hash.update(JSON.stringify(JSON.parse(text)));
  }
  return hash.digest('hex');
}

/**
 * How fast this machine is at the hour of a run: the fastest of fifteen timings of the same fixed
 * work (JSON and SHA-256, one thread), in ms, lower being faster. This 2-core machine shares its host:
 * the same code has cost 93 to 150 µs of server CPU a message from one hour to the next
 * (bench/README.md), so a figure is read beside this one, which moves with one thread's speed on the
 * machine and never with the code (the kernel's and memory's part of a slow hour need not show in it,
 * bench/README.md). The fastest, not the median: a fresh process's first rounds run before V8 has optimised
 * the work and while its heap grows, and they took 21-47 ms where the same process settled at ~21 ms,
 * so a median of the first five moved by half between two runs a minute apart.
 * `digest` is the work's own answer, the same on every run.
 */
export function machineSpeed(): { ms: number; digest: string } {
  let fastest = Infinity;
  let digest = '';
  for (let round = 0; round < ROUNDS; round += 1) {
    const started = performance.now();
    digest = fixedWork();
    fastest = Math.min(fastest, performance.now() - started);
  }
  return { ms: round(fastest, 2), digest };
}
