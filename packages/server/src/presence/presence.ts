/**
 * Which users hold gateway sockets, across nodes (docs/operations.md#scale-out-redis). The gateway
 * reports its sockets here; the per-token socket cap and "is this user online anywhere" read it.
 */
export interface Presence {
  /** A gateway socket of this node opened. */
  add(userID: string, tokenID: string): void;
  /** It closed. */
  remove(userID: string, tokenID: string): void;
  /** Sockets of the session token on every live node. */
  tokenSockets(userID: string, tokenID: string): Promise<number>;
  /** Those of the users with a socket on some live node. */
  online(userIDs: string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

/** Counts by key that forget a key at zero (this node's sockets). */
export class Counts {
  readonly #counts = new Map<string, number>();

  add(key: string, by: number): void {
    const next = (this.#counts.get(key) ?? 0) + by;
    if (next > 0) this.#counts.set(key, next);
    else this.#counts.delete(key);
  }

  get(key: string): number {
    return this.#counts.get(key) ?? 0;
  }

  entries(): [string, number][] {
    return [...this.#counts];
  }
}

export const tokenKey = (userID: string, tokenID: string) => `${userID} ${tokenID}`;

/** One node: its own sockets are everyone's. */
export class LocalPresence implements Presence {
  protected readonly users = new Counts();
  protected readonly tokens = new Counts();

  add(userID: string, tokenID: string): void {
    this.users.add(userID, 1);
    this.tokens.add(tokenKey(userID, tokenID), 1);
  }

  remove(userID: string, tokenID: string): void {
    this.users.add(userID, -1);
    this.tokens.add(tokenKey(userID, tokenID), -1);
  }

  async tokenSockets(userID: string, tokenID: string): Promise<number> {
    return this.tokens.get(tokenKey(userID, tokenID));
  }

  async online(userIDs: string[]): Promise<Set<string>> {
    return new Set(userIDs.filter((id) => this.users.get(id) > 0));
  }

  async close(): Promise<void> {}
}
