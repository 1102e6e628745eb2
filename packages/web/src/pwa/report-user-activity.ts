import { USER_ACTIVE_MESSAGE } from '../sw/precache-pace';

/** At most one report in this long: the worker only needs to know the user is still there. */
const REPORT_EVERY_MS = 250;
const INTERACTIONS = ['pointerdown', 'keydown', 'wheel'] as const;

/**
 * Tells a worker that is installing (the first visit, or a new version) when the user presses, types
 * or scrolls, so that it precaches between those moments (sw/precache-pace.ts). Nothing is posted
 * once no worker installs.
 */
export function reportUserActivity(registration: ServiceWorkerRegistration): void {
  let lastReport = -Infinity;
  const report = () => {
    const installing = registration.installing;
    if (!installing || performance.now() - lastReport < REPORT_EVERY_MS) return;
    lastReport = performance.now();
    installing.postMessage({ type: USER_ACTIVE_MESSAGE });
  };
  for (const type of INTERACTIONS) document.addEventListener(type, report, { capture: true, passive: true });
}
