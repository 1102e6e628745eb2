import { ErrCode, isNotification } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';
import type { MessageRow } from './message-row.ts';

/**
 * THE rule of who may revoke which stored message. Now: the sender, their own user message, at any
 * age. The groups issue adds "or an owner/admin of the message's group" here (hence db and async).
 * Notifications (revoke notices included) are never revocable.
 */
export async function checkRevokePolicy(_db: Database, userID: string, message: MessageRow): Promise<void> {
  if (isNotification(message.contentType))
    throw new AppError(ErrCode.NO_PERMISSION, { detail: 'a notification cannot be revoked' });
  if (message.sendId !== userID)
    throw new AppError(ErrCode.NO_PERMISSION, { detail: 'only the sender can revoke this message' });
}
