import { ContentType, elemKeyFor, MessageStatus, parseChangeDetail } from '@im/protocol';
import type { BurnDetail, MessageItem, ReadDetail } from '@im/protocol';
import type { LocalStore } from '../store/local-store.ts';

/** The change notices applied here: read marks and burns (the other changes: changes/apply-change.ts). */
export const RECEIPT_TYPES: ReadonlySet<number> = new Set([
  ContentType.HasReadReceipt,
  ContentType.MessagesBurned,
]);

/** Every element a message may carry: what a burned message must not keep. */
const ELEM_KEYS = [
  'textElem',
  'atTextElem',
  'customElem',
  'notificationElem',
  'quoteElem',
  'pictureElem',
  'soundElem',
  'videoElem',
  'fileElem',
  'locationElem',
  'cardElem',
  'faceElem',
  'mergeElem',
  'typingElem',
] as const satisfies readonly (keyof MessageItem)[];

/**
 * A burn-after-reading message that has burned: it came from the server without its content (the
 * server keeps the row, empty, for the seq order), or it was burned here. Never shown, never
 * summarised by its content (docs/sdk.md "Read receipts and burn-after-reading").
 */
export function isBurnedMessage(message: MessageItem): boolean {
  if (!message.burnDuration) return false;
  const key = elemKeyFor(message.contentType);
  return key !== null && message[key] === undefined;
}

/**
 * What stays of a burned message on this device: its place (conversation, seq, ids, type) so the
 * seq bookkeeping and history paging stay whole, with status Deleted and no content at all.
 */
export function burnedTombstone(message: MessageItem): MessageItem {
  const stripped: MessageItem = { ...message, status: MessageStatus.Deleted };
  for (const key of ELEM_KEYS) delete stripped[key];
  delete stripped.burnAt;
  stripped.burnDuration = message.burnDuration || 1;
  return stripped;
}

/**
 * A 2150 read mark: the burn messages whose countdown the read started get their burnAt in the
 * store. Answers the detail (the readReceipt event) and the messages changed here (for the open
 * timelines); a message not held here comes later from the server with its burnAt already set.
 */
export async function applyReadMark(
  store: LocalStore,
  notice: MessageItem,
): Promise<{ detail: ReadDetail; changed: MessageItem[] } | null> {
  if (notice.contentType !== ContentType.HasReadReceipt) return null;
  const detail = parseChangeDetail<ReadDetail>(notice.notificationElem?.detail);
  if (!detail?.conversationID || !detail.userID) return null;
  const changed: MessageItem[] = [];
  const writes: MessageItem[] = [];
  for (const burn of detail.burns ?? []) {
    const held = await store.getMessage(burn.clientMsgID);
    if (!held || held.conversationID !== detail.conversationID || isBurnedMessage(held)) continue;
    if (held.status === MessageStatus.Deleted) continue;
    // A gap pull may have stored the server's copy (burnAt set) without the timelines hearing of it
    // (an own send already delivered): they get the message with its countdown either way.
    const counting = held.burnAt === burn.burnAt ? held : { ...held, burnAt: burn.burnAt };
    if (counting !== held) writes.push(counting);
    changed.push(counting);
  }
  if (writes.length > 0) await store.putMessages(writes);
  return { detail, changed };
}

/**
 * A 2162 burn notice: each burned message held here loses its content for good (replaced by its
 * tombstone). Answers the detail (the messagesBurned event) and the tombstones (for the timelines,
 * which drop them). Applying it twice changes nothing more.
 */
export async function applyBurnNotice(
  store: LocalStore,
  notice: MessageItem,
): Promise<{ detail: BurnDetail; burned: MessageItem[] } | null> {
  if (notice.contentType !== ContentType.MessagesBurned) return null;
  const detail = parseChangeDetail<BurnDetail>(notice.notificationElem?.detail);
  if (!detail?.conversationID || !Array.isArray(detail.messages)) return null;
  const burned: MessageItem[] = [];
  for (const target of detail.messages) {
    const held = await store.getMessage(target.clientMsgID);
    if (!held || held.conversationID !== detail.conversationID) continue;
    burned.push(burnedTombstone(held));
  }
  if (burned.length > 0) await store.putMessages(burned);
  return { detail, burned };
}
