import { ErrCode, mayRevokeGroupMessage, RoleLevel } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { MessageRow } from '../message/message-row.ts';
import type { Database } from '../storage/database.ts';
import { requireMember, requireWritable } from './group-auth.ts';
import { findMember } from './member-queries.ts';

/**
 * Who may revoke a user message of a group (the group part of checkRevokePolicy): a current member of
 * a group that is not dismissed or banned (else 1004 as for a missing message / 1403 / 1404), and then the sender, the owner
 * (anyone's), or an admin (their own and ordinary or former members'; not the owner's or another
 * admin's: 1002).
 */
export async function checkGroupRevoke(db: Database, userID: string, message: MessageRow): Promise<void> {
  // A non-member hears what a message that does not exist answers (revoke-service's 1004).
  const access = await requireMember(db, message.groupId, userID).catch(() => {
    throw new AppError(ErrCode.NOT_FOUND, {
      detail: `message ${message.conversationId}#${Number(message.seq)} not found`,
    });
  });
  requireWritable(access.group);
  const revoker = { userID, roleLevel: access.member.roleLevel };
  const senderRole =
    message.sendId === userID || access.member.roleLevel !== RoleLevel.Admin
      ? undefined
      : (await findMember(db, message.groupId, message.sendId))?.roleLevel;
  if (mayRevokeGroupMessage(revoker, { userID: message.sendId, roleLevel: senderRole })) return;
  throw new AppError(ErrCode.NO_PERMISSION, {
    detail: "only the sender, the owner, or an admin (for members' messages) can revoke this message",
  });
}
