import { ContentType, parseChangeDetail, parseRevokedDetail } from '@im/protocol';
import type { EditDetail, MessageItem, ReactionDetail, RevokedDetail } from '@im/protocol';
import type { LocalStore } from '../store/local-store.ts';
import { revokedInPlace } from '../timeline/timeline-rules.ts';
import { editedInPlace, reactedInPlace } from './change-rules.ts';

/** A change notice applied to this device's store; `message` is the target after it (null: not held or unchanged). */
export type AppliedChange =
  | { kind: 'revoke'; detail: RevokedDetail; message: MessageItem | null }
  | { kind: 'edit'; detail: EditDetail; message: MessageItem | null }
  | { kind: 'reaction'; detail: ReactionDetail; message: MessageItem | null };

/** The content types this applier knows; any other message is not a change. */
export const CHANGE_TYPES: ReadonlySet<number> = new Set([
  ContentType.Revoke,
  ContentType.MessageEdited,
  ContentType.ReactionChanged,
]);

/**
 * THE applier of change notices (docs/api.md#message-changes, docs/sdk.md "Message changes"): called
 * for every stored message that arrives by push, pull or an own change's answer, in seq order. It
 * rewrites the target in the store and answers what changed, or null for a message that is no change
 * notice (or a malformed one). A notice for a message this device does not hold changes nothing: when
 * that message is paged in later, the server answers it in its current state.
 */
export async function applyChange(store: LocalStore, notice: MessageItem): Promise<AppliedChange | null> {
  const text = notice.notificationElem?.detail;
  const held = async (clientMsgID: string, conversationID: string) => {
    const message = await store.getMessage(clientMsgID);
    return message?.conversationID === conversationID ? message : null;
  };
  const keep = async (message: MessageItem | null) => {
    if (message) await store.putMessages([message]);
    return message;
  };
  if (notice.contentType === ContentType.Revoke) {
    const detail = parseRevokedDetail(text);
    if (!detail) return null;
    const target = await held(detail.clientMsgID, detail.conversationID);
    return { kind: 'revoke', detail, message: await keep(target && revokedInPlace(target, text!)) };
  }
  if (notice.contentType === ContentType.MessageEdited) {
    const detail = parseChangeDetail<EditDetail>(text);
    if (!detail?.clientMsgID) return null;
    const target = await held(detail.clientMsgID, detail.conversationID);
    return { kind: 'edit', detail, message: await keep(target && editedInPlace(target, detail)) };
  }
  if (notice.contentType === ContentType.ReactionChanged) {
    const detail = parseChangeDetail<ReactionDetail>(text);
    if (!detail?.clientMsgID) return null;
    const target = await held(detail.clientMsgID, detail.conversationID);
    return { kind: 'reaction', detail, message: await keep(target && reactedInPlace(target, detail)) };
  }
  return null;
}
