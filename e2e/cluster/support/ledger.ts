import type { MessageItem } from '@im/protocol';
import type { SdkUser } from './sdk-user.ts';

/** One acknowledged send: what the server answered, and who must receive it. */
interface Acked {
  conversationID: string;
  seq: number;
  clientMsgID: string;
  recipients: string[];
}

export interface LedgerReport {
  attempted: number;
  acknowledged: number;
  unacknowledged: number;
  receipts: number;
  /** Acknowledged messages a recipient never received, as `recipient conversation#seq`. */
  lost: string[];
  /** Messages a client received more than once. */
  duplicated: string[];
  /** A client received a conversation's messages out of seq order. */
  outOfOrder: string[];
}

const keyOf = (conversationID: string, seq: number) => `${conversationID}#${seq}`;

/**
 * The test's own count (issue 13's rule): every acknowledged send, and every message each client
 * received, by (conversation, seq). Zero lost and zero duplicated is what the fault tests assert.
 */
export class Ledger {
  #acked = new Map<string, Acked>();
  #received = new Map<string, Map<string, number>>();
  #arrival = new Map<string, Map<string, number[]>>();
  attempted = 0;
  unacknowledged = 0;
  /** The longest a send took until its answer, in ms (a send that waited out an outage is slow). */
  slowest = 0;
  /** When each send started, by clientMsgID, and how long after it each receipt came (ms). */
  #started = new Map<string, number>();
  #delays: number[] = [];
  /** Errors of the sends that were not acknowledged, by message, with how often. */
  failures = new Map<string, number>();

  /** Counts what `user` receives from now on (its own sends are not receipts). */
  watch(user: SdkUser): void {
    const me = user.account.userID;
    this.#received.set(me, new Map());
    this.#arrival.set(me, new Map());
    user.client.on('recvNewMessages', (messages: MessageItem[]) => {
      for (const m of messages) if (m.sendID !== me) this.#receive(me, m);
    });
  }

  #receive(userID: string, m: MessageItem): void {
    const started = this.#started.get(m.clientMsgID);
    if (started) this.#delays.push(Date.now() - started);
    const key = keyOf(m.conversationID, m.seq);
    const counts = this.#received.get(userID)!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const arrival = this.#arrival.get(userID)!;
    const seqs = arrival.get(m.conversationID) ?? [];
    seqs.push(m.seq);
    arrival.set(m.conversationID, seqs);
  }

  /** One text through the sdk (its outbox retries); acknowledged when sendMessage resolves. */
  async send(from: SdkUser, to: { recvID: string; groupID?: string }, recipients: string[], text: string) {
    this.attempted += 1;
    const started = Date.now();
    const message = from.client.messages.createTextMessage(text);
    this.#started.set(message.clientMsgID, started);
    try {
      const stored = await from.client.messages.sendMessage({ ...to, message });
      this.#acked.set(keyOf(stored.conversationID, stored.seq), {
        conversationID: stored.conversationID,
        seq: stored.seq,
        clientMsgID: stored.clientMsgID,
        recipients,
      });
      this.slowest = Math.max(this.slowest, Date.now() - started);
      return stored;
    } catch (error) {
      this.unacknowledged += 1;
      const reason = error instanceof Error ? error.message : String(error);
      this.failures.set(reason, (this.failures.get(reason) ?? 0) + 1);
      return null;
    }
  }

  /**
   * Send → receipt time, p50 and p99 in ms: a push takes milliseconds, a gap filled by a pull (the
   * sdk's quiet check every 2 s, or a reconnect) seconds. Printed, not asserted.
   */
  receiptDelays(): { p50: number; p99: number } {
    const sorted = [...this.#delays].sort((a, b) => a - b);
    const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    return { p50: at(0.5), p99: at(0.99) };
  }

  get acknowledged(): number {
    return this.#acked.size;
  }

  /** The clientMsgIDs of the acknowledged sends, with their seqs, for the check against storage. */
  ackedMessages(): Acked[] {
    return [...this.#acked.values()];
  }

  report(): LedgerReport {
    const lost: string[] = [];
    for (const [key, sent] of this.#acked)
      for (const recipient of sent.recipients)
        if (!this.#received.get(recipient)?.get(key)) lost.push(`${recipient} ${key}`);
    const duplicated: string[] = [];
    let receipts = 0;
    for (const [userID, counts] of this.#received)
      for (const [key, count] of counts) {
        receipts += count;
        if (count > 1) duplicated.push(`${userID} ${key} ×${count}`);
      }
    const outOfOrder: string[] = [];
    for (const [userID, conversations] of this.#arrival)
      for (const [conversationID, seqs] of conversations)
        if (seqs.some((seq, i) => i > 0 && seq <= seqs[i - 1]))
          outOfOrder.push(`${userID} ${conversationID}: ${seqs.join(',')}`);
    return {
      attempted: this.attempted,
      acknowledged: this.#acked.size,
      unacknowledged: this.unacknowledged,
      receipts,
      lost,
      duplicated,
      outOfOrder,
    };
  }

  /** Every recipient has every acknowledged message (what the test waits for before it asserts). */
  settled(): boolean {
    return this.report().lost.length === 0;
  }
}
