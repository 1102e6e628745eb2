import { useEffect, useState } from 'react';

/** setTimeout's longest delay is 2^31-1 ms (~24.8 days); a longer wait is taken in steps. */
const MAX_DELAY_MS = 24 * 3600 * 1000;

/**
 * The time (ms) as of the last render that needed it: read once, then again at `wakeAt` (a mute's
 * end), so what depends on it (the composer's "you have been muted") changes by itself then.
 */
export function useNow(wakeAt?: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!wakeAt || wakeAt <= now) return undefined;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(wakeAt - now + 50, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [wakeAt, now]);
  return now;
}

/** The earliest of the times still to come after `now` (the next mute to end), if any. */
export function nextWake(times: readonly number[], now: number): number | undefined {
  const future = times.filter((time) => time > now);
  return future.length > 0 ? Math.min(...future) : undefined;
}
