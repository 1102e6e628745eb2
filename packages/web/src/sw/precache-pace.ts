import type { addPlugins } from 'workbox-precaching';

type WorkboxPlugin = Parameters<typeof addPlugins>[0][number];

/** What the page posts to an installing worker when its user presses, types or scrolls. */
export const USER_ACTIVE_MESSAGE = 'USER_ACTIVE';

/** How long the user must have left the app alone before the next file is precached. */
export const PRECACHE_QUIET_MS = 1000;
/** However busy the user, a file waits no longer than this... */
export const PRECACHE_LONGEST_WAIT_MS = 5000;
/** ...and the files together no longer than this: an install ends within seconds of its own work. */
export const PRECACHE_LONGEST_HOLD_MS = 20_000;

export interface PrecachePace {
  /** The page reported an interaction (a press, a key, a scroll). */
  noteUserActive(): void;
  /** Resolves once the user has been quiet for a moment, or after the longest wait. */
  untilQuiet(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Paces the worker's install between the user's interactions (docs/decisions.md#first-screen).
 * Precaching the app is seconds of fetching, storing and compiling (Chromium compiles each script
 * a worker stores while installing), in processes that share the phone's cores with the page: a tap
 * during it opened a chat in 120–200 ms instead of 70–90. Each file now waits until the user has
 * left the app alone for a second.
 */
export function createPrecachePace(now: () => number = Date.now, wait = sleep): PrecachePace {
  let lastActive = -Infinity;
  let held = 0;
  return {
    noteUserActive() {
      lastActive = now();
    },
    async untilQuiet() {
      const started = now();
      try {
        for (;;) {
          const quietFor = now() - lastActive;
          const waited = now() - started;
          const left = Math.min(PRECACHE_LONGEST_WAIT_MS - waited, PRECACHE_LONGEST_HOLD_MS - held - waited);
          if (quietFor >= PRECACHE_QUIET_MS || left <= 0) return;
          await wait(Math.min(PRECACHE_QUIET_MS - quietFor, left));
        }
      } finally {
        held += now() - started;
      }
    },
  };
}

/**
 * The precache's plugin: while the worker installs, each file is fetched once the user is quiet. A
 * request the worker answers from the network later (a file missing from the cache) is never held.
 */
export function precachePacePlugin(pace: PrecachePace): WorkboxPlugin {
  return {
    requestWillFetch: async ({ request, event }) => {
      if (event?.type === 'install') await pace.untilQuiet();
      return request;
    },
  };
}
