/** The calls table (migration 0007). Times are milliseconds since the epoch; 0 = did not happen. */

/**
 * One row per call, read by both users (docs/product.md#call-flow): `reserved` from the caller's
 * first room token until the invite, `ringing` until accept, reject or cancel, `connected` until
 * hung up, then `ended` with its outcome. The room's two participants are the inviter and invitee.
 */
export interface CallsTable {
  roomId: string;
  inviterUserId: string;
  /** '' while reserved (the invite names the callee). */
  inviteeUserId: string;
  mediaType: string;
  /** The invitation's timeout, in seconds. */
  timeoutS: number;
  state: 'reserved' | 'ringing' | 'connected' | 'ended';
  /** When the room was reserved (or first seen). */
  createdAt: number;
  /** When the invite arrived. */
  startTime: number;
  connectTime: number;
  endTime: number;
  /** '' until ended; then a CallOutcome. */
  outcome: string;
  /** Seconds connected. */
  duration: number;
}

export interface CallTables {
  calls: CallsTable;
}
