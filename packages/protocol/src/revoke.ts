/**
 * What a revoke leaves behind (content type 2101; docs/product.md#incoming-messages,
 * docs/product.md#messages-and-sync). The gateway's Revoke request stores a new 2101 notice in the
 * same conversation (its own seq, pushed like any message) whose `notificationElem.detail` is this
 * object as JSON; from then on the revoked message itself is answered in place (same clientMsgID and
 * seq) with contentType 2101 and the same detail, so a later pull or history page shows the notice.
 */
export interface RevokedDetail {
  conversationID: string;
  /** The revoked message. */
  clientMsgID: string;
  seq: number;
  sessionType: number;
  revokerID: string;
  revokerNickname: string;
  revokeTime: number;
  sourceMessageSendID: string;
  sourceMessageSenderNickname: string;
}

/** The detail of a 2101 notice, or null when it is not one. */
export function parseRevokedDetail(detail: string | undefined): RevokedDetail | null {
  if (!detail) return null;
  try {
    const value = JSON.parse(detail) as Partial<RevokedDetail>;
    if (typeof value?.clientMsgID !== 'string' || typeof value.conversationID !== 'string') return null;
    return value as RevokedDetail;
  } catch {
    return null;
  }
}
