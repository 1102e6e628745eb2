import { ContentType, parseRevokedDetail } from '@im/protocol';
import type { MessageItem, RevokedDetail } from '@im/protocol';
import type { LocalStore } from '../store/local-store.ts';
import { revokedInPlace } from '../timeline/timeline-rules.ts';

/**
 * A 2101 notice arrived: turns the revoked message into the notice in place, in the store,
 * and answers the detail for recvMessageRevoked and the rewritten message (null when not held here).
 */
export async function applyRevokeNotice(
  store: LocalStore,
  notice: MessageItem,
): Promise<{ detail: RevokedDetail; rewritten: MessageItem | null } | null> {
  if (notice.contentType !== ContentType.Revoke) return null;
  const detail = parseRevokedDetail(notice.notificationElem?.detail);
  if (!detail) return null;
  const original = await store.getMessage(detail.clientMsgID);
  if (!original) return { detail, rewritten: null };
  const rewritten = revokedInPlace(original, notice.notificationElem!.detail);
  await store.putMessages([rewritten]);
  return { detail, rewritten };
}
