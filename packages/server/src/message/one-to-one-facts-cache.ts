import type { Bus } from '../bus/bus.ts';
import type { Database } from '../storage/database.ts';
import { oneToOneFacts } from './one-to-one-facts.ts';
import type { OneToOneFacts } from './one-to-one-facts.ts';

/** How long a change on another node may go unseen here when Redis lost its `invalidate` event. */
const TTL_MS = 30_000;
const MAX_ENTRIES = 100_000;

interface Entry {
  facts: OneToOneFacts;
  until: number;
}

const keyOf = (self: string, peer: string) => `${self}\n${peer}`;

/**
 * The facts a one-to-one send is decided on (one-to-one-facts.ts: friendship, both blacklists, the
 * sender's burn setting), kept in memory per ordered pair (docs/decisions.md "The message hot path").
 * Every change of them calls `forget` after its commit: the entry is dropped on this node at once and
 * on the others through the bus (docs/decisions.md#scale-out-redis); the TTL bounds a lost event.
 * A read that was in flight while a forget came is answered but not kept: it may have read the rows
 * before the change.
 */
export class OneToOneFactsCache {
  readonly #db: Database;
  readonly #bus: Bus;
  readonly #entries = new Map<string, Entry>();
  /** Bumped by every forget; a read keeps its answer only when none came meanwhile. */
  #generation = 0;

  constructor(db: Database, bus: Bus) {
    this.#db = db;
    this.#bus = bus;
    bus.subscribe('invalidate', (event) => {
      if (event.cache === 'oneToOne') this.#drop(event.id, event.peer);
    });
  }

  async get(self: string, peer: string, conversationID: string, now = Date.now()): Promise<OneToOneFacts> {
    const key = keyOf(self, peer);
    const hit = this.#entries.get(key);
    if (hit && hit.until > now) return hit.facts;
    const generation = this.#generation;
    const facts = await oneToOneFacts(this.#db, self, peer, conversationID);
    if (generation === this.#generation) {
      if (this.#entries.size >= MAX_ENTRIES) this.#entries.clear();
      this.#entries.set(key, { facts, until: now + TTL_MS });
    }
    return facts;
  }

  /** The pair's friendship, a blacklist entry between them or their burn setting changed (committed). */
  forget(userA: string, userB: string): void {
    this.#bus.publish('invalidate', { cache: 'oneToOne', id: userA, peer: userB });
  }

  #drop(userA: string, userB: string): void {
    this.#generation += 1;
    this.#entries.delete(keyOf(userA, userB));
    this.#entries.delete(keyOf(userB, userA));
  }
}
