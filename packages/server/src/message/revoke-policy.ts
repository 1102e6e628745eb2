import { ErrCode, isNotification, SessionType } from '@im/protocol';
import { checkGroupRevoke } from '../group/group-revoke-policy.ts';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';
import type { MessageRow } from './message-row.ts';

/**
 * THE rule of who may revoke which stored message: the sender, their own user message, at any age; in
 * a group, only while a member, and the owner or an admin may revoke members' messages too
 * (src/group/group-revoke-policy.ts). Notifications (revoke notices included) are never revocable.
 */
export async function checkRevokePolicy(db: Database, userID: string, message: MessageRow): Promise<void> {
  if (isNotification(message.contentType))
    throw new AppError(ErrCode.NO_PERMISSION, { detail: 'a notification cannot be revoked' });
  if (message.sessionType === SessionType.Group) return checkGroupRevoke(db, userID, message);
  if (message.sendId !== userID)
    throw new AppError(ErrCode.NO_PERMISSION, { detail: 'only the sender can revoke this message' });
}
