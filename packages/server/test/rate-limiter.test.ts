import { describe, expect, it } from 'vitest';
import { ErrCode } from '@im/protocol';
import { MemoryRateLimiter } from '../src/http/rate-limiter.ts';

const MINUTE = 60_000;

/** Whether the hit was refused with 20005 (the limiter rejects; anything else is a failure). */
async function refused(limiter: MemoryRateLimiter, key: string, now: number): Promise<boolean> {
  try {
    await limiter.hit(key, 10, 5 * MINUTE, now);
    return false;
  } catch (error) {
    expect(error).toMatchObject({ errCode: ErrCode.TOO_FREQUENT });
    return true;
  }
}

/** The in-process limiter never forgets a live window (docs/operations.md#limits). */
describe('the memory rate limiter', () => {
  it('keeps a lockout through 100,050 junk keys (the flood that emptied it before)', async () => {
    const limiter = new MemoryRateLimiter();
    const now = 1_000_000;
    for (let i = 0; i < 10; i += 1) expect(await refused(limiter, 'login:account:victim', now)).toBe(false);
    expect(await refused(limiter, 'login:account:victim', now)).toBe(true);
    let junkRefused = 0;
    for (let i = 0; i < 100_050; i += 1)
      if (await refused(limiter, `login:account:junk${i}`, now + 1)) junkRefused += 1;
    // Past the capacity, new keys are refused rather than old ones forgotten.
    expect(junkRefused).toBeGreaterThanOrEqual(50);
    expect(limiter.size).toBeLessThanOrEqual(100_000);
    expect(await refused(limiter, 'login:account:victim', now + 2)).toBe(true);
  });

  it('refuses new keys while full of live windows, and makes room once windows expire', async () => {
    const limiter = new MemoryRateLimiter({ capacity: 5 });
    const now = 1_000_000;
    for (let i = 0; i < 5; i += 1) expect(await refused(limiter, `k${i}`, now)).toBe(false);
    expect(await refused(limiter, 'new', now + 1)).toBe(true);
    // A key already held still counts.
    expect(await refused(limiter, 'k0', now + 1)).toBe(false);
    // Once the windows are over, they are evicted and the new key gets one.
    expect(await refused(limiter, 'new', now + 5 * MINUTE)).toBe(false);
    expect(limiter.size).toBe(1);
  });

  it('restarts a key whose own window is over', async () => {
    const limiter = new MemoryRateLimiter({ capacity: 1 });
    for (let i = 0; i < 10; i += 1) await refused(limiter, 'k', 0);
    expect(await refused(limiter, 'k', 1)).toBe(true);
    expect(await refused(limiter, 'k', 5 * MINUTE)).toBe(false);
  });
});
