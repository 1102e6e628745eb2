import type { PushLang, PushSubscribeReq } from '@im/protocol';
import type { Database } from '../storage/database.ts';
import { presentAmong } from '../push/push.ts';

export interface StoredSubscription {
  endpoint: string;
  userID: string;
  tokenID: string;
  keys: { p256dh: string; auth: string };
  lang: PushLang;
  preview: boolean;
}

/**
 * The push subscriptions (docs/api.md#web-push) and which users have one. That set is kept in
 * memory and refreshed from the database now and then, so that a message to a user with no
 * subscription — nearly every message on a busy server — costs no query at all.
 */
export class SubscriptionStore {
  readonly #db: Database;
  #withSubscription = new Set<string>();
  #refreshedAt = 0;
  readonly #refreshMs: number;

  constructor(db: Database, refreshMs = 15_000) {
    this.#db = db;
    this.#refreshMs = refreshMs;
  }

  async save(userID: string, tokenID: string, req: PushSubscribeReq, now = Date.now()): Promise<void> {
    const row = {
      endpoint: req.subscription.endpoint,
      userId: userID,
      tokenId: tokenID,
      p256dh: req.subscription.keys.p256dh,
      auth: req.subscription.keys.auth,
      lang: req.lang,
      preview: req.preview ? 1 : 0,
      createdAt: now,
    };
    // The same endpoint again (a new session on this device, a preview change): the row is replaced.
    await this.#db
      .insertInto('pushSubscriptions')
      .values(row)
      .onConflict((c) => c.column('endpoint').doUpdateSet({ ...row, createdAt: now }))
      .execute();
    this.#withSubscription.add(userID);
  }

  /** Removes the caller's own subscription of this endpoint (another user's is left alone). */
  async remove(userID: string, endpoint: string): Promise<void> {
    await this.#db
      .deleteFrom('pushSubscriptions')
      .where('userId', '=', userID)
      .where('endpoint', '=', endpoint)
      .execute();
  }

  /** The push service said the subscription is gone (404/410). */
  async expire(endpoint: string): Promise<void> {
    await this.#db.deleteFrom('pushSubscriptions').where('endpoint', '=', endpoint).execute();
  }

  /** Ended sessions (logout, kick, password change) take their devices' subscriptions with them. */
  async removeSessions(tokenIDs: string[]): Promise<void> {
    if (tokenIDs.length === 0) return;
    await this.#db.deleteFrom('pushSubscriptions').where('tokenId', 'in', tokenIDs).execute();
  }

  /**
   * Surely none of those users has a subscription: the set is fresh and holds none of them. Answered
   * at once, so a message to users without one (nearly all) schedules no work at all.
   */
  noneOf(userIDs: readonly string[], now = Date.now()): boolean {
    if (now - this.#refreshedAt >= this.#refreshMs) return false;
    // A kept group list is tested while the fewer users with a subscription are walked.
    return presentAmong(userIDs, this.#withSubscription).next().done === true;
  }

  /** The subscriptions of those users (none without a query when the set says they have none). */
  async of(userIDs: readonly string[]): Promise<StoredSubscription[]> {
    await this.#refreshIfStale();
    const wanted = userIDs.filter((id) => this.#withSubscription.has(id));
    if (wanted.length === 0) return [];
    const rows = await this.#db
      .selectFrom('pushSubscriptions')
      .selectAll()
      .where('userId', 'in', wanted)
      .execute();
    return rows.map((row) => ({
      endpoint: row.endpoint,
      userID: row.userId,
      tokenID: row.tokenId,
      keys: { p256dh: row.p256dh, auth: row.auth },
      lang: row.lang as PushLang,
      preview: row.preview === 1,
    }));
  }

  /** Another node may have added subscriptions: the set is reloaded when older than refreshMs. */
  async #refreshIfStale(now = Date.now()): Promise<void> {
    if (now - this.#refreshedAt < this.#refreshMs) return;
    this.#refreshedAt = now;
    const rows = await this.#db.selectFrom('pushSubscriptions').select('userId').distinct().execute();
    this.#withSubscription = new Set(rows.map((r) => r.userId));
  }
}
