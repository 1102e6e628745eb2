import { describe, expect, it } from 'vitest';
import { ErrCode } from '@im/protocol';
import { HashGate } from '../src/auth/hash-gate.ts';

describe('the gate in front of password hashing', () => {
  it('runs up to its concurrency, queues up to its queue, and answers the next one 20005 at once', async () => {
    const gate = new HashGate(1, 1);
    let release: () => void = () => {};
    const first = gate.run(() => new Promise<string>((resolve) => (release = () => resolve('first'))));
    const second = gate.run(() => Promise.resolve('second'));
    expect(gate.load).toEqual({ running: 1, waiting: 1 });
    await expect(gate.run(() => Promise.resolve('third'))).rejects.toMatchObject({
      errCode: ErrCode.TOO_FREQUENT,
    });
    release();
    expect(await first).toBe('first');
    expect(await second).toBe('second');
    expect(gate.load).toEqual({ running: 0, waiting: 0 });
    expect(await gate.run(() => Promise.resolve('later'))).toBe('later');
  });
});
