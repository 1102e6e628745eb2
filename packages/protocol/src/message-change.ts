import { ContentType } from './content-types.ts';

/**
 * Changes to sent messages (docs/api.md#message-changes). A revoke, an edit, a reaction, a read mark
 * or a burn deletion is stored as a notice with its own seq in the conversation, pushed like any
 * stored message and pulled by the usual seq sync, so that every device of every participant
 * converges, a reinstall included. The server also rewrites the target message in place, so that a
 * history page shows its current state. `notificationElem.detail` carries the change as JSON:
 *
 * - 2101 revoke: RevokedDetail (revoke.ts), the one change shown in the timeline;
 * - 2150 read mark: ReadDetail;
 * - 2160 edit: EditDetail;
 * - 2161 reaction: ReactionDetail;
 * - 2162 burn deletion: BurnDetail.
 *
 * All but the revoke are silent: never shown as a bubble, never counted as unread, never the
 * conversation's summary, never a notification.
 */

/** One emoji on a message and who put it there, in the order they reacted. */
export interface MessageReaction {
  emoji: string;
  userIDs: string[];
}

/** A participant read the conversation up to `hasReadSeq` (2150; docs/product.md#read-receipts). */
export interface ReadDetail {
  conversationID: string;
  userID: string;
  hasReadSeq: number;
  readTime: number;
  /** Burn-after-reading messages whose countdown this read started. */
  burns?: { clientMsgID: string; seq: number; burnAt: number }[];
}

/** A text message's new content (2160). */
export interface EditDetail {
  conversationID: string;
  clientMsgID: string;
  seq: number;
  editorID: string;
  editTime: number;
  /** The edited message's content type (101 text or 106 @-text) and its new content, as SendMsg's. */
  contentType: number;
  content: string;
}

/** A reaction added or taken back (2161), with the message's reactions after it. */
export interface ReactionDetail {
  conversationID: string;
  clientMsgID: string;
  seq: number;
  userID: string;
  emoji: string;
  added: boolean;
  reactions: MessageReaction[];
}

/** Burn-after-reading messages deleted for good (2162). */
export interface BurnDetail {
  conversationID: string;
  messages: { clientMsgID: string; seq: number }[];
}

/** The reactions offered in the long-press menu. */
export const REACTION_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;

/** How long after sending its author may edit a text message. */
export const EDIT_WINDOW_MS = 48 * 3600 * 1000;

/** Burn-after-reading durations offered in the chat settings, in seconds. */
export const BURN_DURATIONS_S = [30, 300, 3600, 86400] as const;

/** Group read receipts are kept for groups up to this many members (server setting's default). */
export const DEFAULT_READ_RECEIPT_GROUP_MAX = 200;

const SILENT_CHANGES: ReadonlySet<number> = new Set([
  ContentType.HasReadReceipt,
  ContentType.MessageEdited,
  ContentType.ReactionChanged,
  ContentType.MessagesBurned,
]);

/** A change notice that is applied to its target and never shown, counted or summarised itself. */
export function isSilentChange(contentType: number): boolean {
  return SILENT_CHANGES.has(contentType);
}

/** The detail of a change notice, parsed; null when it is not JSON of an object. */
export function parseChangeDetail<T>(detail: string | undefined): T | null {
  if (!detail) return null;
  try {
    const value: unknown = JSON.parse(detail);
    return value && typeof value === 'object' ? (value as T) : null;
  } catch {
    return null;
  }
}
