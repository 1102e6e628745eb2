import type { MessageItem } from '@im/protocol';
import type { SeqRange } from './seq-planner.ts';

/**
 * Per conversation, the highest seq up to which every message is held ("known"), plus the messages that
 * arrived ahead of a gap. Seqs are contiguous from 1 (docs/product.md#messages-and-sync), so a message with
 * seq > known + 1 proves that known+1 .. seq-1 are missing; it waits here until they are pulled, and then
 * they are released together in seq order.
 */
export class SeqState {
  #known = new Map<string, number>();
  #ahead = new Map<string, Map<number, MessageItem>>();
  #dirty = new Set<string>();

  constructor(initial: Record<string, number> = {}) {
    for (const [conversationID, seq] of Object.entries(initial)) this.#known.set(conversationID, seq);
  }

  known(conversationID: string): number {
    return this.#known.get(conversationID) ?? 0;
  }

  /**
   * Takes messages of any conversations; answers the ones that became contiguous, in seq order per
   * conversation. Messages at or below known are dropped (already held).
   */
  offer(messages: MessageItem[]): MessageItem[] {
    const touched = new Set<string>();
    for (const message of messages) {
      if (message.seq <= this.known(message.conversationID)) continue;
      let ahead = this.#ahead.get(message.conversationID);
      if (!ahead) this.#ahead.set(message.conversationID, (ahead = new Map()));
      if (!ahead.has(message.seq)) ahead.set(message.seq, message);
      touched.add(message.conversationID);
    }
    return [...touched].flatMap((conversationID) => this.#drain(conversationID));
  }

  /**
   * A pull answered for seqs up to `end`: everything up to there is now held, even seqs the server
   * did not answer (deleted for this user); answers what became contiguous.
   */
  cover(conversationID: string, end: number): MessageItem[] {
    if (end > this.known(conversationID)) this.#set(conversationID, end);
    const ready = this.#takeAheadUpTo(conversationID, end);
    return [...ready, ...this.#drain(conversationID)];
  }

  /** Moves known up to `seq` without messages (a reinstall starts near the end; cleared history). */
  raiseTo(conversationID: string, seq: number): void {
    if (seq > this.known(conversationID)) this.#set(conversationID, seq);
    this.#takeAheadUpTo(conversationID, seq);
  }

  /** The missing ranges in front of messages that wait ahead of a gap. */
  gaps(): SeqRange[] {
    const gaps: SeqRange[] = [];
    for (const [conversationID, ahead] of this.#ahead) {
      if (ahead.size === 0) continue;
      const first = Math.min(...ahead.keys());
      gaps.push({ conversationID, begin: this.known(conversationID) + 1, end: first - 1 });
    }
    return gaps;
  }

  /** Seqs changed since the last call, to persist. */
  takeChanged(): Record<string, number> {
    const changed = Object.fromEntries([...this.#dirty].map((id) => [id, this.known(id)]));
    this.#dirty.clear();
    return changed;
  }

  #set(conversationID: string, seq: number): void {
    this.#known.set(conversationID, seq);
    this.#dirty.add(conversationID);
  }

  #takeAheadUpTo(conversationID: string, seq: number): MessageItem[] {
    const ahead = this.#ahead.get(conversationID);
    if (!ahead) return [];
    const taken = [...ahead.entries()].filter(([s]) => s <= seq).sort(([a], [b]) => a - b);
    for (const [s] of taken) ahead.delete(s);
    return taken.map(([, message]) => message);
  }

  #drain(conversationID: string): MessageItem[] {
    const ahead = this.#ahead.get(conversationID);
    const ready: MessageItem[] = [];
    let next = this.known(conversationID) + 1;
    while (ahead?.has(next)) {
      ready.push(ahead.get(next)!);
      ahead.delete(next);
      next += 1;
    }
    if (ready.length) this.#set(conversationID, next - 1);
    if (ahead && ahead.size === 0) this.#ahead.delete(conversationID);
    return ready;
  }
}
