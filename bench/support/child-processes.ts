import type { ChildProcess } from 'node:child_process';

/* The benches' client and helper processes (forked, spoken to over Node's IPC channel). */

/** A child's first message, its "ready"; rejects if it exits before sending one (it failed to start). */
export function readyMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => child.once('message', resolve as never).once('exit', reject));
}

/** Sends `message` to a child and resolves with its answer, the next message it sends. */
export function ask<T>(child: ChildProcess, message: unknown): Promise<T> {
  return new Promise((resolve) => {
    child.once('message', resolve as never);
    child.send(message as never);
  });
}

/** Disconnects every child (its cue to close what it holds and exit) and waits until each has exited. */
export async function stopChildren(children: readonly ChildProcess[]): Promise<void> {
  await Promise.all(
    children.map((child) => new Promise((resolve) => (child.once('exit', resolve), child.disconnect()))),
  );
}
