import {
  elemKeyFor,
  ContentType,
  groupConversationID,
  isNotification,
  MessageStatus,
  MsgFrom,
  SessionType,
  singleConversationID,
} from '@im/protocol';
import type {
  ConversationItem,
  ConversationListResp,
  MaxSeqsResp,
  MessageItem,
  RevokedDetail,
  SendMsgReq,
} from '@im/protocol';
import { compareConversations } from '../../src/conversations/conversation-order.ts';

interface UserConv {
  hasReadSeq: number;
  minSeq: number;
  isPinned: boolean;
  recvMsgOpt: number;
  draftText: string;
  draftTextTime: number;
  deleted: boolean;
}

export interface FakeUser {
  userID: string;
  token: string;
  nickname: string;
}

/**
 * The server side of a fake backend, in memory: users, stored messages with contiguous seqs per
 * conversation, idempotent sends by clientMsgID, and each user's view of a conversation. It follows
 * the contract the real server implements (docs/sdk.md), so the same tests can run against either.
 */
export class FakeImState {
  users = new Map<string, FakeUser>();
  messages = new Map<string, MessageItem[]>();
  #byClientMsgID = new Map<string, MessageItem>();
  #views = new Map<string, UserConv>();
  #serial = 0;

  addUser(userID: string, nickname = userID): FakeUser {
    const user = { userID, token: `token-${userID}`, nickname };
    this.users.set(userID, user);
    return user;
  }

  userByToken(token: string | null | undefined): FakeUser | undefined {
    return [...this.users.values()].find((u) => u.token === token);
  }

  view(userID: string, conversationID: string): UserConv {
    const key = `${userID}|${conversationID}`;
    let view = this.#views.get(key);
    if (!view) {
      view = {
        hasReadSeq: 0,
        minSeq: 0,
        isPinned: false,
        recvMsgOpt: 0,
        draftText: '',
        draftTextTime: 0,
        deleted: true,
      };
      this.#views.set(key, view);
    }
    return view;
  }

  /** Stores a send once per (sender, clientMsgID); a resend answers the stored message. */
  send(sendID: string, req: SendMsgReq): { message: MessageItem; fresh: boolean; recipients: string[] } {
    const key = `${sendID}|${req.clientMsgID}`;
    const existing = this.#byClientMsgID.get(key);
    const conversationID = req.groupID
      ? groupConversationID(req.groupID)
      : singleConversationID(sendID, req.recvID!);
    const recipients = [req.recvID!].filter((id) => id && id !== sendID);
    if (existing) return { message: existing, fresh: false, recipients };
    const list = this.messages.get(conversationID) ?? [];
    this.messages.set(conversationID, list);
    const sender = this.users.get(sendID);
    this.#serial += 1;
    const message: MessageItem = {
      clientMsgID: req.clientMsgID,
      serverMsgID: `srv-${this.#serial}`,
      conversationID,
      seq: req.isOnlineOnly ? 0 : list.length + 1,
      sendID,
      recvID: req.recvID ?? '',
      groupID: req.groupID ?? '',
      senderNickname: sender?.nickname ?? sendID,
      senderFaceUrl: '',
      senderPlatformID: 5,
      sessionType: req.sessionType,
      contentType: req.contentType,
      msgFrom: MsgFrom.User,
      createTime: Date.now(),
      sendTime: Date.now() + this.#serial,
      status: MessageStatus.Succeeded,
      isRead: false,
      [elemKey(req.contentType)]: req.content,
    };
    if (req.isOnlineOnly) return { message, fresh: true, recipients };
    list.push(message);
    this.#byClientMsgID.set(key, message);
    for (const userID of [sendID, ...recipients]) this.view(userID, conversationID).deleted = false;
    // The sender has seen everything up to their own message.
    this.view(sendID, conversationID).hasReadSeq = message.seq;
    return { message, fresh: true, recipients };
  }

  /** Rewrites the message in place as a 2101 notice and stores a new notice after it. */
  revoke(userID: string, conversationID: string, seq: number): MessageItem {
    const list = this.messages.get(conversationID) ?? [];
    const target = list.find((m) => m.seq === seq);
    if (!target || target.sendID !== userID) throw new Error('not revocable');
    const detail: RevokedDetail = {
      conversationID,
      clientMsgID: target.clientMsgID,
      seq,
      sessionType: target.sessionType,
      revokerID: userID,
      revokerNickname: this.users.get(userID)?.nickname ?? userID,
      revokeTime: Date.now(),
      sourceMessageSendID: target.sendID,
      sourceMessageSenderNickname: target.senderNickname,
    };
    const notificationElem = { detail: JSON.stringify(detail) };
    Object.assign(target, { contentType: ContentType.Revoke, notificationElem, textElem: undefined });
    const peer = target.recvID;
    const { message } = this.send(userID, {
      clientMsgID: `revoke-${target.clientMsgID}`,
      recvID: peer,
      groupID: target.groupID,
      sessionType: target.sessionType as 1 | 3,
      contentType: ContentType.Revoke,
      content: notificationElem,
    });
    return message;
  }

  conversationIDsOf(userID: string): string[] {
    return [...this.messages.keys()].filter((id) => id.includes(userID) && !this.view(userID, id).deleted);
  }

  /** The user's visible conversations in the list's order. */
  sortedConversations(userID: string): ConversationItem[] {
    return this.conversationIDsOf(userID)
      .map((id) => this.conversation(userID, id))
      .sort(compareConversations);
  }

  /** A page of the list, as get_sorted_conversation_list and the gateway's GetConversationList answer it. */
  conversationPage(userID: string, offset = 0, count = 20): ConversationListResp {
    const all = this.sortedConversations(userID);
    return { conversations: all.slice(offset, offset + count), total: all.length };
  }

  maxSeqs(userID: string): MaxSeqsResp {
    const out: MaxSeqsResp = { maxSeqs: {}, minSeqs: {}, hasReadSeqs: {} };
    for (const id of this.conversationIDsOf(userID)) {
      const view = this.view(userID, id);
      out.maxSeqs[id] = this.messages.get(id)!.length;
      out.minSeqs[id] = view.minSeq;
      out.hasReadSeqs[id] = view.hasReadSeq;
    }
    return out;
  }

  pull(userID: string, conversationID: string, begin: number, end: number): MessageItem[] {
    const minSeq = this.view(userID, conversationID).minSeq;
    return (this.messages.get(conversationID) ?? []).filter(
      (m) => m.seq >= begin && m.seq <= end && m.seq > minSeq,
    );
  }

  conversation(userID: string, conversationID: string): ConversationItem {
    const view = this.view(userID, conversationID);
    const list = this.messages.get(conversationID) ?? [];
    const latest = list.at(-1) ?? null;
    const counted = list.filter(
      (m) =>
        m.seq > Math.max(view.hasReadSeq, view.minSeq) &&
        m.sendID !== userID &&
        !isNotification(m.contentType),
    );
    const peer =
      conversationID
        .replace(/^si_/, '')
        .split('_')
        .find((id) => id !== userID) ?? '';
    return {
      conversationID,
      conversationType: SessionType.Single,
      userID: peer,
      groupID: '',
      showName: this.users.get(peer)?.nickname ?? peer,
      faceURL: '',
      recvMsgOpt: view.recvMsgOpt,
      unreadCount: counted.length,
      groupAtType: 0,
      latestMsg: latest && latest.seq > view.minSeq ? latest : null,
      latestMsgSendTime: latest?.sendTime ?? 0,
      draftText: view.draftText,
      draftTextTime: view.draftTextTime,
      isPinned: view.isPinned,
      isPrivateChat: false,
      burnDuration: 0,
      maxSeq: list.length,
      hasReadSeq: view.hasReadSeq,
      minSeq: view.minSeq,
    };
  }
}

function elemKey(contentType: number): string {
  // Every content type's element key, as the real server stores it (packages/protocol).
  return elemKeyFor(contentType) ?? 'textElem';
}
