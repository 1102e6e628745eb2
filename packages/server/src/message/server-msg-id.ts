import { randomBytes } from 'node:crypto';

/** This process's part of every id it makes: ids of two nodes made in one millisecond still differ. */
const PROCESS_PART = randomBytes(4).toString('hex');
let counter = 0;

/**
 * A stored message's serverMsgID: 32 hex characters (as before, docs/api.md), its creation time first,
 * then the process's random part and a counter, so ids made later sort later
 * (docs/decisions.md "The message hot path"). A random id went into a random page of the unique index
 * on server_msg_id, one more page for each message of a batch to change and write at the commit; in
 * time order they fill its last page.
 */
export function newServerMsgID(now = Date.now()): string {
  counter = (counter + 1) % 2 ** 48;
  return `${now.toString(16).padStart(12, '0')}${PROCESS_PART}${counter.toString(16).padStart(12, '0')}`;
}
