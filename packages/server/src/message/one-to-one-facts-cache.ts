import { cachedRowLifetimeMs } from '../bus/bus.ts';
import type { Bus } from '../bus/bus.ts';
import type { Database } from '../storage/database.ts';
import { ExpiringCache } from '../storage/expiring-cache.ts';
import { oneToOneFacts } from './one-to-one-facts.ts';
import type { OneToOneFacts } from './one-to-one-facts.ts';

const MAX_ENTRIES = 100_000;

const keyOf = (self: string, peer: string) => `${self}\n${peer}`;

/**
 * The facts a one-to-one send is decided on (one-to-one-facts.ts: friendship, both blacklists, the
 * sender's burn setting), kept in memory per ordered pair (docs/decisions.md "The message hot path").
 * Every change of them calls `forget` after its commit: the entry is dropped on this node at once and
 * on the others through the bus (docs/decisions.md#scale-out-redis). An entry's life (30 s with Redis,
 * 10 min on a bus that loses no event: cachedRowLifetimeMs) bounds a lost event, and a read in flight
 * during a forget is not kept (storage/expiring-cache.ts).
 */
export class OneToOneFactsCache {
  readonly #db: Database;
  readonly #bus: Bus;
  readonly #facts: ExpiringCache<OneToOneFacts>;

  constructor(db: Database, bus: Bus) {
    this.#db = db;
    this.#bus = bus;
    this.#facts = new ExpiringCache<OneToOneFacts>(cachedRowLifetimeMs(bus), MAX_ENTRIES);
    bus.subscribe('invalidate', (event) => {
      if (event.cache === 'oneToOne')
        this.#facts.forget(keyOf(event.id, event.peer), keyOf(event.peer, event.id));
    });
  }

  get(self: string, peer: string, conversationID: string, now = Date.now()): Promise<OneToOneFacts> {
    return this.#facts.get(keyOf(self, peer), () => oneToOneFacts(this.#db, self, peer, conversationID), now);
  }

  /** The pair's friendship, a blacklist entry between them or their burn setting changed (committed). */
  forget(userA: string, userB: string): void {
    this.#bus.publish('invalidate', { cache: 'oneToOne', id: userA, peer: userB });
  }
}
