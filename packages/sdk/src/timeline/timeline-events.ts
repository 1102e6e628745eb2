import type { MessageItem, RevokedDetail } from '@im/protocol';
import type { Sender } from '../messaging/message-factory.ts';

/**
 * What the messaging session tells its open timelines, each change once, after the store has it:
 * - put: messages written to the store (new or synced messages, an own send as Sending, stored or
 *   Failed, a message deleted on this device with status Deleted);
 * - removed: an unsent message deleted (the server never had it, so it left the store);
 * - revoked: a message became its revoke notice in place;
 * - changed: messages rewritten in place by a later change (an edit, reactions), replaced where shown;
 * - cleared: a conversation's stored history up to minSeq is gone (cleared here or on another device);
 * - deleted: the conversation and all its messages are gone;
 * - self: the user's own nickname or face changed.
 */
export type TimelineEvent =
  | { type: 'put'; messages: MessageItem[] }
  | { type: 'removed'; conversationID: string; clientMsgID: string }
  | { type: 'revoked'; detail: RevokedDetail }
  | { type: 'changed'; messages: MessageItem[] }
  | { type: 'cleared'; conversationID: string; minSeq: number }
  | { type: 'deleted'; conversationID: string }
  | { type: 'self'; self: Sender };

/** Fans the session's changes out to the timelines that are open. */
export class TimelineHub {
  #listeners = new Set<(event: TimelineEvent) => void>();

  listen(listener: (event: TimelineEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(event: TimelineEvent): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(event);
      } catch (error) {
        console.error('timeline listener failed', error);
      }
    }
  }

  get size(): number {
    return this.#listeners.size;
  }
}
