import type { JWTPayload } from 'jose';

/** Tokens remembered at most; the oldest goes first. About 10,000 sockets' worth at ~0.5 KiB each. */
const DEFAULT_CAPACITY = 10_000;

/**
 * Tokens whose signature and claims were checked lately, with their payload, until they expire. A
 * reconnect presents the same token to the upgrade, to the gateway's second look after it, and to
 * each HTTP call of the sync that follows; checking its HMAC again each time is a WebCrypto job, a
 * large share of a reconnect storm's CPU (bench/results/reconnect-storm-latest.md). The session row,
 * which ends a token early, is still read on every call (docs/decisions.md#sessions-in-the-database-tokens-as-jwts).
 */
export class VerifiedTokens {
  readonly #capacity: number;
  readonly #entries = new Map<string, JWTPayload>();

  constructor(capacity = DEFAULT_CAPACITY) {
    this.#capacity = capacity;
  }

  /** The payload of a token verified before and not expired at `nowSeconds` (jose's rule: exp > now). */
  get(token: string, nowSeconds: number): JWTPayload | undefined {
    const payload = this.#entries.get(token);
    if (payload?.exp !== undefined && payload.exp <= nowSeconds) {
      this.#entries.delete(token);
      return undefined;
    }
    return payload;
  }

  add(token: string, payload: JWTPayload): void {
    if (this.#entries.size >= this.#capacity) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, payload);
  }
}
