/**
 * Which copy of a conversation row is the newest, when answers cross on the way back
 * (docs/sdk.md#sync-rules). A list read sent before a change (a draft saved, a message applied, a
 * push taken) can be answered after it, carrying the row as it was; such a row is dropped, because
 * the change already holds the newer copy and anything later reaches this device as a push.
 */
export class RowFreshness {
  #clock = 0;
  #changedAt = new Map<string, number>();

  /** A list read is about to be sent: the stamp its answer is judged by. */
  readStarted(): number {
    return ++this.#clock;
  }

  /** This device now holds a newer copy of the row than any read sent before this moment. */
  changed(conversationID: string): void {
    this.#changedAt.set(conversationID, ++this.#clock);
  }

  /** Whether a row from the read stamped `readStamp` is not older than what this device holds. */
  isCurrent(conversationID: string, readStamp: number): boolean {
    return (this.#changedAt.get(conversationID) ?? 0) < readStamp;
  }
}
