/**
 * Resolves in a later task of the event loop, not in a microtask: what follows it runs in a task of
 * its own, so the browser can paint and answer input in between.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
