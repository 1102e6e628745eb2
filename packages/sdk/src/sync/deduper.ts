import type { MessageItem } from '@im/protocol';

const DEFAULT_CAPACITY = 20_000;

/**
 * Remembers the messages already handed to the app, by conversationID+seq and by clientMsgID, so a
 * message that arrives twice (a push and a pull racing, a resend answered again) is delivered once.
 * Bounded: the oldest keys are forgotten first; the seq bookkeeping of the sync engine covers those.
 */
export class Deduper {
  #seen = new Set<string>();
  #capacity: number;

  constructor(capacity = DEFAULT_CAPACITY) {
    this.#capacity = capacity;
  }

  /** True the first time this message is offered, false on any later offer. */
  first(message: MessageItem): boolean {
    const bySeq = message.seq > 0 ? `s:${message.conversationID}:${message.seq}` : null;
    const byId = `c:${message.clientMsgID}`;
    if (this.#seen.has(byId) || (bySeq && this.#seen.has(bySeq))) return false;
    this.#remember(byId);
    if (bySeq) this.#remember(bySeq);
    return true;
  }

  /** Marks a message as already known to the app (an own send, answered to its promise). */
  mark(message: MessageItem): void {
    this.first(message);
  }

  #remember(key: string): void {
    this.#seen.add(key);
    if (this.#seen.size > this.#capacity) {
      const oldest = this.#seen.values().next().value;
      if (oldest !== undefined) this.#seen.delete(oldest);
    }
  }
}
