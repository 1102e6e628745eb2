/** The Web Push subscriptions table (migration 0013). Times are milliseconds since the epoch. */

/**
 * One device's browser push subscription (docs/api.md#web-push), tied to the session that made it:
 * logout, a kick or a password change removes it with the session.
 */
export interface PushSubscriptionsTable {
  /** The push service URL; unique: a device re-subscribing replaces its row. */
  endpoint: string;
  userId: string;
  /** The session's token ID: no push while that session has a socket. */
  tokenId: string;
  /** The device's P-256 public key and auth secret (base64url), for the payload's encryption. */
  p256dh: string;
  auth: string;
  lang: string;
  /** 1: the sender and the text may show; 0: only "New message". */
  preview: number;
  createdAt: number;
}

export interface PushTables {
  pushSubscriptions: PushSubscriptionsTable;
}
