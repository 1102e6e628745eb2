import { ErrCode, groupConversationID, SessionType } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { GroupNotificationDetail, MessageItem } from '@im/protocol';
import type { Transaction } from 'kysely';
import type { MessageRow } from '../message/message-row.ts';
import type { MessageService } from '../message/message-service.ts';
import type { Push } from '../push/push.ts';
import type { Database, DialectName } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';
import { lockedAccess } from './group-auth.ts';
import type { GroupAccess } from './group-auth.ts';
import { toGroupInfo } from './group-mapping.ts';
import type { GroupRow } from './group-queries.ts';

/** What the group services are built from. */
export interface GroupDeps {
  db: Database;
  dialect: DialectName;
  push: Push;
  /** Whether a faceURL names an image this server's upload issued (docs/operations.md#validation). */
  faceIssued: (url: string) => Promise<boolean>;
  messages: MessageService;
}

/** A group faceURL: '' or an issued upload; anything else answers 1001. */
export async function requireIssuedFace(deps: GroupDeps, faceURL: string | undefined): Promise<void> {
  if (faceURL && !(await deps.faceIssued(faceURL)))
    throw new AppError(ErrCode.ARGS, { detail: 'faceURL: not an image uploaded to this server' });
}

/** A change to a group, recorded by its notification (content types 1501–1520). */
export interface GroupChange {
  /** The group as it is after the change. */
  group: GroupRow;
  memberCount: number;
  contentType: number;
  /** Who made the change: the notice's sender. */
  opUserID: string;
  /** The detail fields of the content type (protocol/src/group.ts GroupNotificationDetail). */
  fields: Omit<GroupNotificationDetail, 'group' | 'operationTime'>;
  /** Who gets the notice: the members after the change and anyone who just left. */
  userIDs: readonly string[];
  /** The change itself, in the notice's transaction: both commit or neither. */
  apply?: (trx: Transaction<Tables>, notice: MessageRow) => Promise<void>;
  /**
   * The rights the change was decided on, checked again in its transaction before `apply` on the
   * group and `userID`'s member row as they are then (lockedAccess): the caller's role may have
   * changed since the first check (a concurrent transfer or demotion). A throw stores nothing.
   */
  guard?: { userID: string; check: (access: GroupAccess, trx: Transaction<Tables>) => void | Promise<void> };
}

/**
 * Every group change is a notification message in the group's conversation `sg_<groupID>` (session
 * type 3): stored with a seq through messages.storeNotification, so every recipient's conversation
 * row exists, it is pushed live, and devices that were away pull it by seq.
 */
export function storeGroupChange(deps: GroupDeps, change: GroupChange): Promise<MessageItem> {
  const detail: GroupNotificationDetail = {
    group: toGroupInfo(change.group, change.memberCount),
    ...change.fields,
    operationTime: Date.now(),
  };
  return deps.messages.storeNotification({
    conversationID: groupConversationID(change.group.groupId),
    sessionType: SessionType.Group,
    contentType: change.contentType,
    detail,
    sendID: change.opUserID,
    groupID: change.group.groupId,
    userIDs: [...new Set(change.userIDs)],
    apply: guarded(deps, change),
  });
}

function guarded(deps: GroupDeps, change: GroupChange): GroupChange['apply'] {
  const { guard, apply } = change;
  if (!guard) return apply;
  return async (trx, notice) => {
    await guard.check(await lockedAccess(trx, deps.dialect, change.group.groupId, guard.userID), trx);
    await apply?.(trx, notice);
  };
}
