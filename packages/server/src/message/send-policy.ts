import { ErrCode, groupConversationID, SessionType, singleConversationID } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';
import { findUserByID } from '../user/user-queries.ts';

/** Who sends to what: the fields of a send that decide whether it may go. */
export interface SendAttempt {
  sendID: string;
  sessionType: number;
  recvID: string;
  groupID: string;
}

/** Where an allowed send goes. */
export interface SendTarget {
  conversationID: string;
  /** Users other than the sender who get the message (pushes, their conversation rows). */
  recipientIDs: string[];
}

/**
 * THE rule of who may message whom; every user send (stored or online-only, typing included) passes
 * here, so later rules are added in this one place: the contacts issue adds "friends only" and the
 * blacklist, the groups issue adds membership, mutes and group status.
 *
 * Now: a one-to-one message may go to any existing user (an unknown recvID answers 1004). A message
 * to oneself is allowed and lands in the note-to-self conversation `si_<me>_<me>`: stored, synced to
 * the user's other devices, never unread. Group sends answer 1004 until groups exist.
 */
export async function checkSendPolicy(db: Database, attempt: SendAttempt): Promise<SendTarget> {
  if (attempt.sessionType === SessionType.Single) {
    if (!attempt.recvID)
      throw new AppError(ErrCode.ARGS, { detail: 'recvID: required for a one-to-one send' });
    if (attempt.recvID !== attempt.sendID && !(await findUserByID(db, attempt.recvID)))
      throw new AppError(ErrCode.NOT_FOUND, { detail: `user ${attempt.recvID} not found` });
    return {
      conversationID: singleConversationID(attempt.sendID, attempt.recvID),
      recipientIDs: attempt.recvID === attempt.sendID ? [] : [attempt.recvID],
    };
  }
  if (attempt.sessionType === SessionType.Group) {
    if (!attempt.groupID) throw new AppError(ErrCode.ARGS, { detail: 'groupID: required for a group send' });
    throw new AppError(ErrCode.NOT_FOUND, {
      detail: `group ${attempt.groupID} not found (${groupConversationID(attempt.groupID)})`,
    });
  }
  throw new AppError(ErrCode.ARGS, { detail: `sessionType: ${attempt.sessionType} cannot be sent` });
}
