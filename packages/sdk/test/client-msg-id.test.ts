import { describe, expect, it } from 'vitest';
import { newClientMsgID } from '../src/messaging/message-factory.ts';

/** clientMsgIDs in time order (docs/decisions.md#the-message-hot-path): the server's index on them grows at its end. */
describe('newClientMsgID', () => {
  it('is 32 hex characters with its creation time first', () => {
    const id = newClientMsgID(Date.UTC(2026, 10, 29, 16, 0, 0, 123));
    expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(parseInt(id.slice(0, 12), 16)).toBe(Date.UTC(2026, 10, 29, 16, 0, 0, 123));
  });

  it('sorts an id made later after one made earlier, whatever their random parts', () => {
    const times = [
      1_700_000_000_000, 1_700_000_000_001, 1_700_000_000_255, 1_700_000_000_256, 1_800_000_000_000,
    ];
    const ids = times.flatMap((t) => [newClientMsgID(t), newClientMsgID(t)]);
    const sorted = [...ids].sort();
    expect(sorted.map((id) => parseInt(id.slice(0, 12), 16))).toEqual(times.flatMap((t) => [t, t]));
  });

  it('differs between ids made in the same millisecond', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newClientMsgID(1_700_000_000_000)));
    expect(ids.size).toBe(1000);
  });

  it('has no fixed digit after its time (no UUID version or variant digit)', () => {
    const ids = Array.from({ length: 400 }, () => newClientMsgID(1_700_000_000_000));
    for (let at = 12; at < 32; at += 1) expect(new Set(ids.map((id) => id[at])).size).toBeGreaterThan(4);
  });
});
