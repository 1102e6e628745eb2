/** Reconnect delays: exponential, capped, with jitter so that many clients do not return together. */
export interface BackoffOptions {
  /** Delay cap of the first retry. */
  baseMs: number;
  /** No delay is ever longer than this. */
  maxMs: number;
  /** Returns [0, 1); injected so tests can pin the jitter. */
  random?: () => number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 30_000 };

/** The cap of retry number `attempt` (0 for the first): base × 2^attempt, at most maxMs. */
export function backoffCap(attempt: number, options: BackoffOptions): number {
  const exponent = Math.min(Math.max(attempt, 0), 30);
  return Math.min(options.maxMs, options.baseMs * 2 ** exponent);
}

/**
 * "Equal jitter": half of the cap is fixed, the other half random. The fixed half keeps the delays
 * growing (a storm of failures backs off for real); the random half spreads the herd.
 */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const cap = backoffCap(attempt, options);
  const random = options.random ?? Math.random;
  return Math.round(cap / 2 + random() * (cap / 2));
}
