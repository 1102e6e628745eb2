import { ContentType, isSilentChange, WsReq } from '@im/protocol';
import type { MessageItem, ReactReq, RevokedDetail } from '@im/protocol';
import type { Connection } from '../connection/connection.ts';
import { ApiError, SdkErrCode } from '../api-error.ts';
import type { ConversationService } from '../conversations/conversation-service.ts';
import type { IMEvents } from '../im-events.ts';
import type { Sender } from '../messaging/message-factory.ts';
import { newClientMsgID } from '../messaging/message-factory.ts';
import type { LocalStore } from '../store/local-store.ts';
import type { TimelineHub } from '../timeline/timeline-events.ts';
import { applyChange, CHANGE_TYPES } from './apply-change.ts';
import type { AppliedChange } from './apply-change.ts';

export interface MessageChangesDeps {
  store: LocalStore;
  connection: Pick<Connection, 'request'>;
  conversations: Pick<ConversationService, 'applyMessages' | 'replaceLatest'>;
  timelines: TimelineHub;
  emit: <K extends keyof IMEvents>(event: K, payload: IMEvents[K]) => void;
  /** Keeps an own change's notice as stored and counted, never delivered as new (SyncEngine.acceptOwn). */
  acceptOwn: (notice: MessageItem) => Promise<void>;
  sender: () => Sender;
}

/** A new element for an edited text (101: `{ content }`) or @-text (106: `{ text, atUserList, … }`). */
export type EditContent = Record<string, unknown>;

/**
 * Changes to sent messages on this device (docs/sdk.md "Message changes"): every change notice that
 * arrives is applied to the store, the open timelines and the conversation list, and announced
 * (recvMessageRevoked, messageChanged); the notice itself is never shown. Own changes (revoke, edit,
 * react) are gateway requests whose answer is that same notice, applied here at once.
 */
export class MessageChanges {
  #deps: MessageChangesDeps;

  constructor(deps: MessageChangesDeps) {
    this.#deps = deps;
  }

  /** Whether a stored message is a change notice this device applies. */
  static isChange(message: MessageItem): boolean {
    return CHANGE_TYPES.has(message.contentType);
  }

  /** Applies the change notices among delivered messages, in their order. */
  async applyAll(messages: MessageItem[]): Promise<void> {
    for (const message of messages) if (MessageChanges.isChange(message)) await this.apply(message);
  }

  /** One change notice: the store, the timelines, the list summary, the events. */
  async apply(notice: MessageItem): Promise<void> {
    const applied = await applyChange(this.#deps.store, notice);
    if (!applied) return;
    if (applied.message) await this.#deps.conversations.replaceLatest(applied.message);
    this.#announce(applied, notice);
  }

  async revoke(conversationID: string, clientMsgID: string): Promise<void> {
    const target = await this.#heldTarget(conversationID, clientMsgID);
    const answer = await this.#deps.connection.request(WsReq.Revoke, { conversationID, seq: target.seq });
    const notice = answer?.contentType === ContentType.Revoke ? answer : this.#localRevokeNotice(target);
    await this.#own(notice);
  }

  /** Edits an own text or @-text message: resolves with it as edited (editTime set). */
  async edit(conversationID: string, clientMsgID: string, content: EditContent): Promise<MessageItem> {
    const target = await this.#heldTarget(conversationID, clientMsgID);
    const contentType = target.contentType === ContentType.AtText ? ContentType.AtText : ContentType.Text;
    const notice = await this.#deps.connection.request(WsReq.Edit, {
      conversationID,
      seq: target.seq,
      opID: newClientMsgID(),
      contentType,
      content,
    });
    await this.#own(notice);
    return (await this.#deps.store.getMessage(clientMsgID)) ?? target;
  }

  /** Puts (added) or takes back one of REACTION_EMOJIS; resolves with the message's reactions after it. */
  async react(conversationID: string, clientMsgID: string, emoji: string, added: boolean) {
    const target = await this.#heldTarget(conversationID, clientMsgID);
    const notice = await this.#deps.connection.request(WsReq.React, {
      conversationID,
      seq: target.seq,
      opID: newClientMsgID(),
      // The server checks it against REACTION_EMOJIS (1001 otherwise).
      emoji: emoji as ReactReq['emoji'],
      added,
    });
    await this.#own(notice);
    return (await this.#deps.store.getMessage(clientMsgID))?.reactions ?? [];
  }

  async #heldTarget(conversationID: string, clientMsgID: string): Promise<MessageItem> {
    const target = await this.#deps.store.getMessage(clientMsgID);
    if (!target || target.conversationID !== conversationID || target.seq <= 0)
      throw new ApiError(SdkErrCode.BAD_RESPONSE, 'message not found on this device');
    return target;
  }

  /** The answer to an own change: kept like a pulled notice (seq, list) and applied at once. */
  async #own(notice: MessageItem): Promise<void> {
    if (notice.seq > 0) {
      await this.#deps.acceptOwn(notice);
      await this.#deps.conversations.applyMessages([notice]);
    }
    await this.apply(notice);
  }

  #announce(applied: AppliedChange, notice: MessageItem): void {
    const { timelines, emit } = this.#deps;
    if (applied.kind === 'revoke') {
      timelines.emit({ type: 'revoked', detail: applied.detail });
      emit('recvMessageRevoked', applied.detail);
      return;
    }
    if (applied.message) timelines.emit({ type: 'changed', messages: [applied.message] });
    emit('messageChanged', {
      kind: applied.kind,
      conversationID: applied.detail.conversationID,
      clientMsgID: applied.detail.clientMsgID,
      message: applied.message,
      notice,
    });
  }

  /** The notice made here when the server's answer carried none (seq 0: never stored as such). */
  #localRevokeNotice(target: MessageItem): MessageItem {
    const self = this.#deps.sender();
    const detail: RevokedDetail = {
      conversationID: target.conversationID,
      clientMsgID: target.clientMsgID,
      seq: target.seq,
      sessionType: target.sessionType,
      revokerID: self.userID,
      revokerNickname: self.nickname,
      revokeTime: Date.now(),
      sourceMessageSendID: target.sendID,
      sourceMessageSenderNickname: target.senderNickname,
    };
    return {
      ...target,
      seq: 0,
      contentType: ContentType.Revoke,
      notificationElem: { detail: JSON.stringify(detail) },
    };
  }
}

/** Messages the app hears of as new: change notices other than the revoke's are never news. */
export function newsOf(messages: MessageItem[]): MessageItem[] {
  return messages.filter((m) => !isSilentChange(m.contentType));
}
