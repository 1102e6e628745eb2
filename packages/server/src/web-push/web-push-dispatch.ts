import {
  AT_ALL_TAG,
  ContentType,
  CallSignal,
  mayNotify,
  NOTIFIED_CONTENT_TYPES,
  parseCallSignal,
  PUSH_TEXT_MAX,
  RecvMsgOpt,
  SessionType,
} from '@im/protocol';
import type { FriendApplication, GroupApplication, MessageItem, PushPayload } from '@im/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Presence } from '../presence/presence.ts';
import type { Database } from '../storage/database.ts';
import type { StoredSubscription, SubscriptionStore } from './subscription-store.ts';
import type { WebPushSender } from './web-push-sender.ts';

/** How long a push service keeps a push for an unreachable device. */
const MESSAGE_TTL_S = 24 * 3600;

type Content = Pick<
  PushPayload,
  'kind' | 'tag' | 'url' | 'senderName' | 'groupName' | 'contentType' | 'text' | 'mediaType'
>;

/**
 * Who is told about what by Web Push (docs/decisions.md#web-push, docs/product.md#notifications):
 * only devices whose session has no socket open (an open tab, even hidden, hears it over its socket
 * and shows its own notification), never the sender, and never in a conversation set to do not
 * disturb or not receive, nor for a user whose global option is not Normal — except that an @mention
 * still reaches a user who set the conversation to do not disturb. Runs after the message is stored,
 * off the message path; failures are logged only.
 */
export class WebPushDispatch {
  readonly #db: Database;
  readonly #presence: Presence;
  readonly #store: SubscriptionStore;
  readonly #sender: WebPushSender;
  readonly #log: FastifyBaseLogger;

  constructor(
    db: Database,
    presence: Presence,
    store: SubscriptionStore,
    sender: WebPushSender,
    log: FastifyBaseLogger,
  ) {
    this.#db = db;
    this.#presence = presence;
    this.#store = store;
    this.#sender = sender;
    this.#log = log;
  }

  message(userIDs: readonly string[], item: MessageItem): void {
    if (!NOTIFIED_CONTENT_TYPES.has(item.contentType)) return;
    // The common case (no recipient has a subscription) costs no timer and no promise per message,
    // and no copy of a group's member list either (the sender among them only takes the longer path).
    if (this.#store.noneOf(userIDs)) return;
    const recipients = [...new Set(userIDs)].filter((id) => id && id !== item.sendID);
    this.#run('message', async () => {
      const subscriptions = await this.#offline(await this.#store.of(recipients));
      if (subscriptions.length === 0) return;
      const allowed = await this.#allowed(subscriptions, item);
      const groupName = item.sessionType === SessionType.Group ? await this.#groupName(item.groupID) : '';
      for (const sub of subscriptions) {
        const mention = isMentioned(item, sub.userID);
        if (!allowed(sub.userID, mention)) continue;
        this.#send(sub, messageContent(item, mention, groupName), 'normal', MESSAGE_TTL_S);
      }
    });
  }

  /** A stored-nothing call signal: only the invite rings, and only for a short while. */
  callSignal(userIDs: readonly string[], item: MessageItem): void {
    const signal = item.customElem ? parseCallSignal(item.customElem.data) : null;
    if (!signal || signal.customType !== CallSignal.Invite) return;
    const invitees = signal.data.inviteeUserIDList.filter((id) => userIDs.includes(id));
    this.#run('call', async () => {
      const subscriptions = await this.#offline(await this.#store.of(invitees));
      for (const sub of subscriptions)
        this.#send(
          sub,
          {
            kind: 'call',
            tag: `call:${signal.data.roomID}`,
            url: '/conversation',
            senderName: item.senderNickname,
            mediaType: signal.data.mediaType,
          },
          'high',
          Math.max(1, signal.data.timeout),
        );
    });
  }

  friendApplication(application: FriendApplication): void {
    this.#run('friend application', async () => {
      for (const sub of await this.#offline(await this.#store.of([application.toUserID])))
        this.#send(
          sub,
          {
            kind: 'friendApplication',
            tag: 'fa',
            url: '/applicationList?type=0',
            senderName: application.fromNickname,
          },
          'normal',
          MESSAGE_TTL_S,
        );
    });
  }

  /** To the owner and admins the notice went to; the applicant is not told of their own request. */
  groupApplication(userIDs: readonly string[], application: GroupApplication): void {
    const handlers = userIDs.filter((id) => id !== application.userID);
    this.#run('group application', async () => {
      for (const sub of await this.#offline(await this.#store.of(handlers)))
        this.#send(
          sub,
          {
            kind: 'groupApplication',
            tag: 'ga',
            url: '/applicationList?type=2',
            senderName: application.nickname,
            groupName: application.groupName,
          },
          'normal',
          MESSAGE_TTL_S,
        );
    });
  }

  #send(sub: StoredSubscription, content: Content, urgency: 'high' | 'normal', ttlS: number): void {
    const payload: PushPayload = { v: 1, lang: sub.lang, ...content };
    if (!sub.preview) {
      delete payload.senderName;
      delete payload.groupName;
      delete payload.text;
    }
    this.#sender.enqueue(sub, payload, urgency, ttlS);
  }

  /** Only the devices whose session has no socket anywhere. */
  async #offline(subscriptions: StoredSubscription[]): Promise<StoredSubscription[]> {
    const sockets = await Promise.all(
      subscriptions.map((s) => this.#presence.tokenSockets(s.userID, s.tokenID)),
    );
    return subscriptions.filter((_, i) => sockets[i] === 0);
  }

  /** Whether each user's options let this conversation's message notify them. */
  async #allowed(
    subscriptions: StoredSubscription[],
    item: MessageItem,
  ): Promise<(userID: string, mention: boolean) => boolean> {
    const userIDs = [...new Set(subscriptions.map((s) => s.userID))];
    const [conversations, users] = await Promise.all([
      this.#db
        .selectFrom('userConversations')
        .select(['ownerUserId', 'recvMsgOpt'])
        .where('conversationId', '=', item.conversationID)
        .where('ownerUserId', 'in', userIDs)
        .execute(),
      this.#db
        .selectFrom('users')
        .select(['userId', 'globalRecvMsgOpt'])
        .where('userId', 'in', userIDs)
        .execute(),
    ]);
    const conversationOpt = new Map(conversations.map((c) => [c.ownerUserId, c.recvMsgOpt]));
    const globalOpt = new Map(users.map((u) => [u.userId, u.globalRecvMsgOpt]));
    return (userID, mentioned) =>
      mayNotify({
        globalRecvMsgOpt: globalOpt.get(userID) ?? RecvMsgOpt.Normal,
        recvMsgOpt: conversationOpt.get(userID) ?? RecvMsgOpt.Normal,
        mentioned,
      });
  }

  async #groupName(groupID: string): Promise<string> {
    const row = await this.#db
      .selectFrom('groups')
      .select('groupName')
      .where('groupId', '=', groupID)
      .executeTakeFirst();
    return row?.groupName ?? '';
  }

  #run(what: string, work: () => Promise<void>): void {
    setImmediate(() => {
      work().catch((error: unknown) => this.#log.warn({ err: error }, `web push for a ${what} failed`));
    });
  }
}

function isMentioned(item: MessageItem, userID: string): boolean {
  const list = item.atTextElem?.atUserList ?? [];
  return list.includes(userID) || list.includes(AT_ALL_TAG);
}

function messageContent(item: MessageItem, mention: boolean, groupName: string): Content {
  const burn = (item.burnDuration ?? 0) > 0;
  const text =
    item.contentType === ContentType.Text
      ? item.textElem?.content
      : item.contentType === ContentType.AtText
        ? item.atTextElem?.text
        : item.contentType === ContentType.Quote
          ? item.quoteElem?.text
          : undefined;
  return {
    kind: mention ? 'mention' : 'message',
    tag: `c:${item.conversationID}`,
    url: `/chat?conversationID=${encodeURIComponent(item.conversationID)}`,
    senderName: item.senderNickname,
    ...(groupName ? { groupName } : {}),
    contentType: item.contentType,
    // A burn-after-reading message never shows its content outside the chat.
    ...(text && !burn ? { text: text.slice(0, PUSH_TEXT_MAX) } : {}),
  };
}
