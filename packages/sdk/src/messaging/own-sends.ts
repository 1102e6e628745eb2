import { MessageStatus, SessionType, sendConversationID } from '@im/protocol';
import type { MessageItem, SendMsgReq } from '@im/protocol';
import { ApiError, SdkErrCode } from '../api-error.ts';
import { isBurnedMessage } from '../receipts/apply-receipts.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { TimelineEvent } from '../timeline/timeline-events.ts';
import { localMediaOf } from './media-messages.ts';
import type { MediaUploads } from './media-uploads.ts';
import { toSendReq } from './message-factory.ts';
import type { Outbox } from './outbox.ts';

export interface SendMessageParams {
  recvID: string;
  message: MessageItem;
  groupID?: string;
  isOnlineOnly?: boolean;
}

export interface OwnSendsDeps {
  selfID: string;
  store: LocalStore;
  outbox: Outbox;
  /** Media messages upload their bytes before the send. */
  uploads: MediaUploads;
  /** One online-only send (typing, call signals): never stored, never retried. */
  sendOnlineOnly: (req: SendMsgReq) => Promise<MessageItem | undefined>;
  /**
   * Keeps the server's stored copy of an own send (store, seqs, conversation list) in turn with the
   * pushes, merged with the copy held at that moment; answers the copy kept.
   */
  keep: (
    answer: MessageItem,
    merge: (answer: MessageItem, held: MessageItem | undefined) => MessageItem,
  ) => Promise<MessageItem>;
  changed: (event: TimelineEvent) => void;
}

/**
 * The life of an own message in the store: written at once as Sending (seq 0), replaced in place by
 * the server's stored copy (seq, serverMsgID, sendTime) as Succeeded, or marked Failed when the
 * outbox gives up. A failed one is resent with its clientMsgID (the server stores it once) or deleted.
 * A media message first uploads its bytes (its progress told to the timelines), then is sent with its
 * element filled; a failed or cancelled upload leaves it Failed with its bytes, and a resend uploads
 * again.
 * The caller's message object is never changed: the store's copy is the message.
 */
export class OwnSends {
  #deps: OwnSendsDeps;

  constructor(deps: OwnSendsDeps) {
    this.#deps = deps;
  }

  /** Resolves with the stored message; rejects (the stored copy then Failed) when the send failed. */
  async send({
    recvID,
    message,
    groupID = '',
    isOnlineOnly = false,
  }: SendMessageParams): Promise<MessageItem> {
    const req = toSendReq(message, { recvID, groupID, isOnlineOnly });
    const local: MessageItem = {
      ...message,
      recvID: req.recvID ?? '',
      groupID,
      sessionType: groupID ? SessionType.Group : SessionType.Single,
      conversationID: sendConversationID(this.#deps.selfID, { recvID, groupID }),
      seq: 0,
      serverMsgID: '',
      status: MessageStatus.Sending,
    };
    if (isOnlineOnly) {
      const stored = await this.#deps.sendOnlineOnly(req);
      return { ...local, ...(stored ?? {}), status: MessageStatus.Succeeded };
    }
    const held = await this.#deps.store.getMessage(local.clientMsgID);
    if (held && held.seq > 0) return held; // sent already: the stored copy is the answer
    await this.#write(local);
    try {
      const ready = localMediaOf(local) ? await this.#upload(local) : local;
      const stored = await this.#deps.outbox.submit(
        ready === local ? req : toSendReq(ready, { recvID, groupID, isOnlineOnly }),
      );
      const answered: MessageItem = { ...ready, ...stored, status: MessageStatus.Succeeded };
      const result = answered.seq > 0 ? await this.#deps.keep(answered, withLaterState) : answered;
      this.#deps.changed({ type: 'put', messages: [result] });
      return result;
    } catch (error) {
      await this.#markFailed(local.clientMsgID);
      throw error;
    }
  }

  /** Sends a Failed (or stuck) message again with its clientMsgID; a stored one answers as it is. */
  async resend(clientMsgID: string): Promise<MessageItem> {
    const message = await this.#deps.store.getMessage(clientMsgID);
    if (!message || message.status === MessageStatus.Deleted) {
      throw new ApiError(SdkErrCode.BAD_RESPONSE, 'message not found on this device');
    }
    if (message.seq > 0) return message;
    return this.send({ recvID: message.recvID, groupID: message.groupID, message });
  }

  /**
   * Stops a send that has not been stored: its upload is aborted (or its wait for the gateway ends),
   * and it stays Failed, bytes kept, to be resent or deleted. False when nothing was under way.
   */
  cancel(clientMsgID: string): boolean {
    const uploading = this.#deps.uploads.cancel(clientMsgID);
    const waiting = this.#deps.outbox.has(clientMsgID);
    if (waiting) this.#deps.outbox.cancel(clientMsgID, new ApiError(SdkErrCode.CANCELLED, 'cancelled'));
    return uploading || waiting;
  }

  /** An unsent message deleted by the user: no longer sent, and gone from the store. */
  async deleteUnsent(message: MessageItem): Promise<void> {
    this.#deps.uploads.cancel(message.clientMsgID);
    this.#deps.outbox.cancel(message.clientMsgID, new ApiError(SdkErrCode.BAD_RESPONSE, 'deleted'));
    await this.#deps.store.deleteMessage(message.clientMsgID);
    this.#deps.changed({
      type: 'removed',
      conversationID: message.conversationID,
      clientMsgID: message.clientMsgID,
    });
  }

  /**
   * On start: a message a previous page load left Sending has no outbox retrying it any more, so it
   * is Failed (and can be resent).
   */
  async failLeftOvers(): Promise<void> {
    const stuck = (await this.#deps.store.getUnsentMessages()).filter(
      (m) => m.status === MessageStatus.Sending && !this.#deps.outbox.has(m.clientMsgID),
    );
    if (stuck.length)
      await this.#deps.store.putMessages(stuck.map((m) => ({ ...m, status: MessageStatus.Failed })));
  }

  /**
   * Uploads a media message's bytes, telling the timelines the progress (in memory only: the store
   * keeps the bytes, not every step), and writes the message to send (URLs, no bytes) as Sending.
   */
  async #upload(local: MessageItem): Promise<MessageItem> {
    const media = localMediaOf(local)!;
    const ready = await this.#deps.uploads.run(local, (progress) =>
      this.#deps.changed({
        type: 'put',
        messages: [{ ...local, localMedia: { ...media, progress } } as MessageItem],
      }),
    );
    // Deleted while its last bytes went: it must not come back.
    if (!(await this.#deps.store.getMessage(local.clientMsgID))) {
      throw new ApiError(SdkErrCode.CANCELLED, 'deleted');
    }
    await this.#write(ready);
    return ready;
  }

  async #write(message: MessageItem): Promise<void> {
    await this.#deps.store.putMessages([message]);
    this.#deps.changed({ type: 'put', messages: [message] });
  }

  /** Failed, unless it was deleted or stored meanwhile (or the store closed with the session). */
  async #markFailed(clientMsgID: string): Promise<void> {
    try {
      const current = await this.#deps.store.getMessage(clientMsgID);
      if (current && current.seq === 0) await this.#write({ ...current, status: MessageStatus.Failed });
    } catch (error) {
      console.warn('failed send not marked', error);
    }
  }
}

/**
 * A read mark can come (and start the message's burn countdown) before the answer to its send is
 * kept, e.g. when a gap pull brought the stored copy first: the answer keeps that burnAt. A burn
 * that came first leaves the tombstone as it is: the answer never brings the content back.
 */
function withLaterState(answer: MessageItem, held: MessageItem | undefined): MessageItem {
  if (!held) return answer;
  if (isBurnedMessage(held)) return held;
  return held.burnAt && !answer.burnAt ? { ...answer, burnAt: held.burnAt } : answer;
}
