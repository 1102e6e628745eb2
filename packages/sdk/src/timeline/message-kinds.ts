import { ContentType, isCallSignal, parseRevokedDetail } from '@im/protocol';
import type { MessageItem } from '@im/protocol';

/** The customType inside a custom message's data JSON (`{ customType, data }`), or null. */
export function customTypeOf(message: MessageItem): number | null {
  if (message.contentType !== ContentType.Custom || !message.customElem?.data) return null;
  try {
    const value = JSON.parse(message.customElem.data) as { customType?: unknown };
    return typeof value?.customType === 'number' ? value.customType : null;
  } catch {
    return null;
  }
}

/** A call-signalling custom message (customType 200–204, docs/product.md#call-flow). */
export function isCallSignalMessage(message: MessageItem): boolean {
  const type = customTypeOf(message);
  return type !== null && isCallSignal(type);
}

/**
 * The stored 2101 notice of a revoke (its own seq and clientMsgID). The revoked message itself is
 * rewritten in place as 2101 with the same detail, and that one is what a chat shows.
 */
export function isRevokeNoticeRecord(message: MessageItem): boolean {
  if (message.contentType !== ContentType.Revoke) return false;
  const detail = parseRevokedDetail(message.notificationElem?.detail);
  return detail === null || detail.clientMsgID !== message.clientMsgID;
}
