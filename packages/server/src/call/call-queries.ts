import type { Selectable } from 'kysely';
import type { CallRecordFilter } from '@im/protocol';
import type { Database } from '../storage/database.ts';
import type { CallsTable } from '../storage/calls-schema.ts';

export type CallRow = Selectable<CallsTable>;
type CallState = CallsTable['state'];

/** PostgreSQL answers bigint columns as strings. */
function normalize(row: CallRow): CallRow {
  return {
    ...row,
    timeoutS: Number(row.timeoutS),
    createdAt: Number(row.createdAt),
    startTime: Number(row.startTime),
    connectTime: Number(row.connectTime),
    endTime: Number(row.endTime),
    duration: Number(row.duration),
  };
}

export async function findCall(db: Database, roomID: string): Promise<CallRow | undefined> {
  const row = await db.selectFrom('calls').selectAll().where('roomId', '=', roomID).executeTakeFirst();
  return row && normalize(row);
}

/** Reserves the room for its caller; a room that exists already is left as it is. */
export async function reserveRoom(
  db: Database,
  roomID: string,
  inviterUserID: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('calls')
    .values({
      roomId: roomID,
      inviterUserId: inviterUserID,
      inviteeUserId: '',
      mediaType: '',
      timeoutS: 0,
      state: 'reserved',
      createdAt: now,
      startTime: 0,
      connectTime: 0,
      endTime: 0,
      outcome: '',
      duration: 0,
    })
    .onConflict((oc) => oc.column('roomId').doNothing())
    .execute();
}

/**
 * Moves a call from one of `from` to the changes, only when it is still there: two racing signals
 * (a cancel and an accept) cannot both win. Answers the changed row, or undefined when it had moved on.
 */
export async function moveCall(
  db: Database,
  roomID: string,
  from: CallState[],
  set: Partial<Omit<CallsTable, 'roomId'>>,
): Promise<CallRow | undefined> {
  const row = await db
    .updateTable('calls')
    .set(set)
    .where('roomId', '=', roomID)
    .where('state', 'in', from)
    .returningAll()
    .executeTakeFirst();
  return row && normalize(row);
}

/** A new call registered straight by its invite (the caller got no token first); false when the room exists. */
export async function insertRinging(db: Database, row: CallRow): Promise<boolean> {
  const result = await db
    .insertInto('calls')
    .values(row)
    .onConflict((oc) => oc.column('roomId').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Reservations never followed by an invite, made before `before`. */
export async function staleReservations(db: Database, before: number): Promise<string[]> {
  const rows = await db
    .selectFrom('calls')
    .select('roomId')
    .where('state', '=', 'reserved')
    .where('createdAt', '<', before)
    .execute();
  return rows.map((r) => r.roomId);
}

export async function deleteReservation(db: Database, roomID: string): Promise<boolean> {
  const result = await db
    .deleteFrom('calls')
    .where('roomId', '=', roomID)
    .where('state', '=', 'reserved')
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Calls still ringing; the caller compares their deadlines with its clock. */
export async function ringingCalls(db: Database): Promise<CallRow[]> {
  const rows = await db.selectFrom('calls').selectAll().where('state', '=', 'ringing').execute();
  return rows.map(normalize);
}

/** The ended calls of a user for the records list, newest first, with the total for the filter. */
export async function callsOfUser(
  db: Database,
  userID: string,
  filter: CallRecordFilter,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: CallRow[] }> {
  const base = db
    .selectFrom('calls')
    .where('state', '=', 'ended')
    .where((eb) => {
      if (filter === 'outgoing') return eb('inviterUserId', '=', userID);
      if (filter === 'incoming') return eb('inviteeUserId', '=', userID);
      if (filter === 'missed')
        return eb.and([eb('inviteeUserId', '=', userID), eb('outcome', 'in', ['canceled', 'timeout'])]);
      return eb.or([eb('inviterUserId', '=', userID), eb('inviteeUserId', '=', userID)]);
    });
  const counted = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst();
  const rows = await base
    .selectAll()
    .orderBy('startTime', 'desc')
    .orderBy('roomId')
    .offset(offset)
    .limit(limit)
    .execute();
  return { total: Number(counted?.n ?? 0), rows: rows.map(normalize) };
}

/** Public profiles of the peers of a records page. */
export async function profilesOf(
  db: Database,
  userIDs: string[],
): Promise<Map<string, { nickname: string; faceURL: string }>> {
  if (userIDs.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['userId', 'nickname', 'faceUrl'])
    .where('userId', 'in', [...new Set(userIDs)])
    .execute();
  return new Map(rows.map((r) => [r.userId, { nickname: r.nickname, faceURL: r.faceUrl }]));
}
