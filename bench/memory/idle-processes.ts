import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { readyMessage, stopChildren } from '../support/child-processes.ts';

const clientScript = fileURLToPath(new URL('./idle-clients.ts', import.meta.url));

/** Sockets opened by a first round and closed before each measure: code compiled, lazy modules loaded. */
export const WARM_UP = 500;

/**
 * Idle client processes for users [0, count), `perProcess` each, from 127.0.0.10, .11, …; user i
 * connects to the (i mod n)th of `ports`. Answers how many opened and failed, and how to close them.
 */
export async function openIdle(
  usersFile: string,
  count: number,
  perProcess: number,
  ports: readonly number[],
) {
  const children: ChildProcess[] = [];
  const reports: Promise<{ opened: number; failed: number }>[] = [];
  for (let start = 0, i = 0; start < count; start += perProcess, i += 1) {
    const end = Math.min(count, start + perProcess);
    const child = fork(clientScript, [
      usersFile,
      String(start),
      String(end),
      ports.join(','),
      `127.0.0.${10 + i}`,
    ]);
    children.push(child);
    reports.push(readyMessage(child));
  }
  const counts = await Promise.all(reports);
  const stop = () => stopChildren(children);
  return {
    stop,
    opened: counts.reduce((n, c) => n + c.opened, 0),
    failed: counts.reduce((n, c) => n + c.failed, 0),
  };
}
