import type {
  CallMediaType,
  CallOutcome,
  CallRecord,
  CallRecordFilter,
  GetCallRecordsResp,
} from '@im/protocol';
import type { Database } from '../storage/database.ts';
import { callsOfUser, profilesOf } from './call-queries.ts';

/** `POST /api/call/get_records` (docs/api.md): the user's ended calls, newest first, each with the peer's profile. */
export async function callRecords(
  db: Database,
  userID: string,
  req: { filter: CallRecordFilter; pagination: { pageNumber: number; showNumber: number } },
): Promise<GetCallRecordsResp> {
  const { showNumber, pageNumber } = req.pagination;
  const { total, rows } = await callsOfUser(
    db,
    userID,
    req.filter,
    (pageNumber - 1) * showNumber,
    showNumber,
  );
  const peerOf = (row: (typeof rows)[number]) =>
    row.inviterUserId === userID ? row.inviteeUserId : row.inviterUserId;
  const profiles = await profilesOf(db, rows.map(peerOf));
  const records: CallRecord[] = rows.map((row) => {
    const peer = peerOf(row);
    return {
      roomID: row.roomId,
      inviterUserID: row.inviterUserId,
      inviteeUserID: row.inviteeUserId,
      mediaType: row.mediaType as CallMediaType,
      startTime: row.startTime,
      connectTime: row.connectTime,
      endTime: row.endTime,
      outcome: row.outcome as CallOutcome,
      duration: row.duration,
      direction: row.inviterUserId === userID ? 'outgoing' : 'incoming',
      peer: {
        userID: peer,
        nickname: profiles.get(peer)?.nickname ?? '',
        faceURL: profiles.get(peer)?.faceURL ?? '',
      },
    };
  });
  return { total, records };
}
