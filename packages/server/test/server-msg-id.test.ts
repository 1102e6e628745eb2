import { describe, expect, it } from 'vitest';
import { newServerMsgID } from '../src/message/server-msg-id.ts';

/**
 * serverMsgIDs in time order (docs/decisions.md "The message hot path"): new ids fill the last page of
 * the unique index on server_msg_id, not a random one; still 32 hex characters and never repeated.
 */
describe('serverMsgID', () => {
  it('is 32 hex characters, unique, and sorts by creation: time first, then the order made', () => {
    const start = Date.UTC(2026, 10, 28);
    const ids = [
      ...Array.from({ length: 1000 }, () => newServerMsgID(start)),
      ...Array.from({ length: 1000 }, (_, i) => newServerMsgID(start + 1 + Math.floor(i / 10))),
    ];
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(newServerMsgID(start + 2 ** 40) > newServerMsgID(start)).toBe(true);
  });
});
