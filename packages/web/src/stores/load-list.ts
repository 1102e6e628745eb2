import { nextTask } from '../utils/next-task';

/**
 * Runs a list request and stores its answer; failures are only logged (docs/product.md#error-texts).
 * Answers whether the list was stored.
 */
export async function loadList<T>(
  what: string,
  request: () => Promise<T>,
  put: (value: T) => void,
): Promise<boolean> {
  try {
    put(await request());
    return true;
  } catch (error) {
    console.error(`loading ${what} failed`, error);
    return false;
  }
}

/** A list's load, to be started later (by loadInTurns). */
export function listLoad<T>(
  what: string,
  request: () => Promise<T>,
  put: (value: T) => void,
): () => Promise<boolean> {
  return () => loadList(what, request, put);
}

/**
 * Starts the loads one task apart and answers whether every one stored its list. Sending a request
 * costs the page's main thread a few milliseconds (the sdk's call, the fetch and its headers); four
 * sent together made one long task, which Lighthouse counts four times over at its 4× slowdown
 * (docs/decisions.md#first-screen).
 */
export async function loadInTurns(loads: ReadonlyArray<() => Promise<boolean>>): Promise<boolean> {
  const started: Promise<boolean>[] = [];
  for (const [index, load] of loads.entries()) {
    if (index > 0) await nextTask();
    started.push(load());
  }
  return (await Promise.all(started)).every(Boolean);
}
