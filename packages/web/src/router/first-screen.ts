import { useEffect } from 'react';

type Task = () => void;

let shown = false;
const waiting: Task[] = [];

/** Never wait longer than this for a first screen to say it is shown (a deep link, a slow sync). */
const LATEST_START_MS = 10_000;

export function whenIdle(task: Task): void {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 200);
}

/**
 * Runs each step in an idle period of its own (`whenIdle` unless told), each once the one before has
 * ended, so that no one task holds them all (docs/decisions.md#first-screen).
 */
export async function inIdlePeriods(
  steps: ReadonlyArray<() => unknown>,
  idle: (task: Task) => void = whenIdle,
): Promise<void> {
  for (const step of steps) {
    await new Promise<void>((resolve) => idle(resolve));
    await step();
  }
}

function release(): void {
  if (shown) return;
  shown = true;
  // Each task in an idle period of its own: together they made one long task that held up input.
  for (const task of waiting.splice(0)) whenIdle(task);
}

/**
 * Runs `task` once the first screen is usable and the browser is idle: code the first screen does
 * not need (the chat screen's prefetch, the page's notifications, the rows' swipe actions) must not compete with it for the network
 * (docs/decisions.md#first-screen).
 */
export function afterFirstScreen(task: Task): void {
  if (shown) whenIdle(task);
  else waiting.push(task);
}

/** The login screen and the conversation list call this once they show what the user came for. */
export function useFirstScreenShown(ready: boolean): void {
  useEffect(() => {
    if (ready) release();
  }, [ready]);
}

/** Whatever screen the app starts on, the deferred work starts a few seconds in. */
export function startFirstScreenClock(): void {
  setTimeout(release, LATEST_START_MS);
}
