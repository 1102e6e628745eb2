import { randomUUID } from 'node:crypto';
import {
  ContentType,
  ErrCode,
  MsgFrom,
  ONLINE_ONLY_GROUP_MAX_BYTES,
  SessionType,
  elemKeyFor,
  isNotification,
} from '@im/protocol';
import type { HistoryResp, MessageItem, pullMsgsSchema, historySchema } from '@im/protocol';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { AppContext } from '../app-context.ts';
import { getView, visibleViews } from './view-queries.ts';
import { viewTarget } from './view-target.ts';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';
import type { Tables } from '../storage/tables.ts';
import { findUserByID } from '../user/user-queries.ts';
import { EncodedAnswer } from '../gateway/encoded-answer.ts';
import { encodedMessagesInRange, encodePulled } from './message-json.ts';
import { messagesBelow, seqOfClientMsgID } from './message-queries.ts';
import { onlineOnlyItem, toMessageItem } from './message-row.ts';
import type { MessageDraft, MessageRow } from './message-row.ts';
import { checkSendRequest, SERVER_ID_PREFIX } from './send-request.ts';
import type { SendRequest } from './send-request.ts';
import { checkSendPolicy } from './send-policy.ts';
import { burnDurationFor } from '../receipt/burn-queries.ts';

/** Who is asking: the session of a gateway socket (its connection id gets answers, not pushes). */
export interface Caller {
  userID: string;
  platform: number;
  connID?: string;
  /**
   * Told once a send has its place in the writer's queue, where the order of one device's sends is
   * kept from then on: its socket may start on its next frame (gateway/client-connection.ts).
   */
  orderKept?: () => void;
}

/** A system notification stored into a conversation (friends, groups and later issues call this). */
export interface NotificationInput {
  conversationID: string;
  sessionType: number;
  /** A notification content type (1200 and above). */
  contentType: number;
  /** The notice's details; stored as `notificationElem.detail` (JSON text unless already a string). */
  detail: unknown;
  /** The user who caused it (shown as its sender), or a system id. */
  sendID: string;
  recvID?: string;
  groupID?: string;
  /** Who gets it: their conversation rows are created or brought back and all their sockets get the push. */
  userIDs: string[];
  /** Makes the call idempotent (a repeat answers the stored notice); random when absent. */
  key?: string;
  /**
   * Runs in the storing transaction after the insert, with the stored notice: the change the notice
   * records (a group join, kick, ...), so that both commit or neither. A throw stores nothing.
   */
  apply?: (trx: Transaction<Tables>, notice: MessageRow) => Promise<void>;
}

/**
 * Watches online-only sends before they are pushed; set by the composition root (src/app.ts), so the
 * message area knows nothing of who watches (the call area keeps its rooms and records from call
 * signals, docs/product.md#call-flow). Throws an AppError to refuse the send (nothing is pushed);
 * `toSenderDevices` also pushes the message to the sender's other sockets.
 */
/** Hears of each newly stored user message (the file area records the uploads it refers to). */
export type StoredHook = (item: MessageItem) => Promise<void>;

export type OnlineOnlyHook = (
  caller: Caller,
  item: MessageItem,
) => Promise<{ toSenderDevices: boolean } | void>;

/** Most seqs one PullMsgs request may ask for (docs/sdk.md). */
export const MAX_PULL_SEQS = 100;

/** Seq ranges in order, those that overlap or touch made one. */
export function mergedRanges(ranges: { begin: number; end: number }[]): { begin: number; end: number }[] {
  const merged: { begin: number; end: number }[] = [];
  for (const range of [...ranges].sort((a, b) => a.begin - b.begin)) {
    const last = merged.at(-1);
    if (last && range.begin <= last.end + 1) last.end = Math.max(last.end, range.end);
    else merged.push({ ...range });
  }
  return merged;
}

/**
 * Stores and reads messages: user sends (stored or online-only), notifications, pulls and history
 * pages. Every stored message goes through the app's message writer (seq, idempotence, rows) and
 * then src/push/ (pushes), so the sender's other devices and every device of every recipient hear of it.
 */
export class MessageService {
  readonly #db: Database;
  readonly #deps: Pick<
    AppContext,
    'push' | 'userCache' | 'messageWriter' | 'sendFacts' | 'groupMembers' | 'reads'
  >;
  readonly #onlineOnlyHook?: OnlineOnlyHook;
  readonly #storedHook?: StoredHook;

  constructor(
    deps: Pick<
      AppContext,
      'db' | 'push' | 'userCache' | 'messageWriter' | 'sendFacts' | 'groupMembers' | 'reads'
    >,
    onlineOnlyHook?: OnlineOnlyHook,
    storedHook?: StoredHook,
  ) {
    this.#db = deps.db;
    this.#deps = deps;
    this.#onlineOnlyHook = onlineOnlyHook;
    this.#storedHook = storedHook;
  }

  /** SendMsg: the stored message (a resend answers the first copy), or seq 0 when online-only. */
  async send(caller: Caller, parsed: SendRequest): Promise<MessageItem> {
    const req = checkSendRequest(parsed);
    const target = await checkSendPolicy(
      this.#db,
      { sendID: caller.userID, ...req },
      this.#deps.sendFacts,
      this.#deps.groupMembers,
    );
    const sender = await this.#deps.userCache.get(caller.userID);
    const draft: MessageDraft = {
      conversationId: target.conversationID,
      clientMsgId: req.clientMsgID,
      sendId: caller.userID,
      recvId: req.sessionType === SessionType.Single ? req.recvID : '',
      groupId: req.sessionType === SessionType.Group ? req.groupID : '',
      senderNickname: sender?.nickname ?? '',
      senderFaceUrl: sender?.faceUrl ?? '',
      senderPlatformId: caller.platform,
      sessionType: req.sessionType,
      contentType: req.contentType,
      msgFrom: MsgFrom.User,
      createTime: Date.now(),
      content: JSON.stringify(req.content),
      ex: req.ex ?? '',
    };
    if (req.isOnlineOnly) {
      // It reaches every member's sockets at once and is never stored: kept small.
      if (
        req.sessionType === SessionType.Group &&
        Buffer.byteLength(draft.content) > ONLINE_ONLY_GROUP_MAX_BYTES
      )
        throw new AppError(ErrCode.TOO_LARGE, {
          detail: `content: an online-only group message is at most ${ONLINE_ONLY_GROUP_MAX_BYTES} bytes`,
        });
      const item = onlineOnlyItem(draft, randomUUID().replaceAll('-', ''), Date.now());
      const watched = await this.#onlineOnlyHook?.(caller, item);
      this.#deps.push.onlineOnly(target.recipientIDs, item);
      if (watched?.toSenderDevices) this.#deps.push.onlineOnly([caller.userID], item, caller.connID);
      return item;
    }
    const members = target.everyoneIDs ?? [caller.userID, ...target.recipientIDs];
    // Sent while burn-after-reading is on: it carries the duration (docs/product.md#burn-after-reading).
    // Anyone besides the sender (members holds each user once), without copying a group's recipients.
    if (members.length > 1)
      draft.burnDuration =
        target.burnDuration ??
        (await burnDurationFor(this.#db, caller.userID, target.conversationID, req.sessionType));
    // The writer queues it at once (the call is synchronous up to its queue): the socket's next
    // send may start now and join the same commit, behind this one.
    const stored = this.#deps.messageWriter.store(draft, {
      views: (target.recipientViewsKept ? [caller.userID] : members).map((id) =>
        viewTarget(target.conversationID, req.sessionType, id, draft.groupId),
      ),
      after: target.afterStore,
    });
    caller.orderKept?.();
    const { row, fresh } = await stored;
    const item = toMessageItem(row);
    if (fresh) {
      await this.#storedHook?.(item);
      this.#deps.push.message(members, item, caller.connID);
    }
    return item;
  }

  /** Typing: an online-only 113 message to the peer's sockets; never stored. */
  async typing(caller: Caller, recvID: string, msgTips: string): Promise<void> {
    const target = await checkSendPolicy(
      this.#db,
      { sendID: caller.userID, sessionType: SessionType.Single, recvID, groupID: '' },
      this.#deps.sendFacts,
    );
    const sender = await this.#deps.userCache.get(caller.userID);
    const now = Date.now();
    const item = onlineOnlyItem(
      {
        conversationId: target.conversationID,
        clientMsgId: `${SERVER_ID_PREFIX}typing-${randomUUID()}`,
        sendId: caller.userID,
        recvId: recvID,
        senderNickname: sender?.nickname ?? '',
        senderFaceUrl: sender?.faceUrl ?? '',
        senderPlatformId: caller.platform,
        sessionType: SessionType.Single,
        contentType: ContentType.Typing,
        msgFrom: MsgFrom.User,
        createTime: now,
        content: JSON.stringify({ msgTips }),
      },
      randomUUID().replaceAll('-', ''),
      now,
    );
    this.#deps.push.onlineOnly(target.recipientIDs, item);
  }

  /** Stores a server-made notification through the same path as sends (seq, rows, pushes). */
  async storeNotification(input: NotificationInput): Promise<MessageItem> {
    if (!isNotification(input.contentType) || elemKeyFor(input.contentType) !== 'notificationElem')
      throw new Error(`storeNotification: ${input.contentType} is not a notification type`);
    const sender = await findUserByID(this.#db, input.sendID);
    const detail = typeof input.detail === 'string' ? input.detail : JSON.stringify(input.detail);
    const draft: MessageDraft = {
      conversationId: input.conversationID,
      clientMsgId: `${SERVER_ID_PREFIX}${input.key ?? randomUUID()}`,
      sendId: input.sendID,
      recvId: input.recvID ?? '',
      groupId: input.groupID ?? '',
      senderNickname: sender?.nickname ?? '',
      senderFaceUrl: sender?.faceUrl ?? '',
      senderPlatformId: 0,
      sessionType: input.sessionType,
      contentType: input.contentType,
      msgFrom: MsgFrom.System,
      createTime: Date.now(),
      content: JSON.stringify({ detail }),
    };
    const { row, fresh } = await this.#deps.messageWriter.store(draft, {
      views: input.userIDs.map((id) =>
        viewTarget(input.conversationID, input.sessionType, id, input.groupID),
      ),
      after: input.apply,
    });
    const item = toMessageItem(row);
    if (fresh) this.#deps.push.message(input.userIDs, item);
    return item;
  }

  /**
   * PullMsgs: the messages of the ranges that this user may see (a conversation they have a row of,
   * seqs above their minSeq), per conversation in seq order. A revoked message comes as its notice.
   * At most MAX_PULL_SEQS seqs (1001 past it); answered as JSON already written (message-json.ts).
   */
  async pull(
    userID: string,
    req: z.output<typeof pullMsgsSchema>,
  ): Promise<EncodedAnswer<{ msgs: Record<string, MessageItem[]> }>> {
    const asked = req.ranges.reduce((sum, r) => sum + Math.max(0, r.end - r.begin + 1), 0);
    if (asked > MAX_PULL_SEQS)
      throw new AppError(ErrCode.ARGS, { detail: `ranges: at most ${MAX_PULL_SEQS} seqs per request` });
    const ids = [...new Set(req.ranges.map((r) => r.conversationID))];
    const views = new Map((await visibleViews(this.#db, userID, ids)).map((v) => [v.conversationId, v]));
    // Each conversation's ranges, clipped to what the user may see, merged where they overlap or
    // touch and read in seq order: every message once, in order (the ranges come as one value each).
    const clipped = new Map<string, { begin: number; end: number }[]>();
    for (const range of req.ranges) {
      const view = views.get(range.conversationID);
      if (!view) continue;
      const begin = Math.max(range.begin, view.minSeq + 1);
      const end = Math.min(range.end, view.maxSeq);
      if (begin > end) continue;
      const list = clipped.get(range.conversationID);
      if (list) list.push({ begin, end });
      else clipped.set(range.conversationID, [{ begin, end }]);
    }
    const msgs = new Map<string, Buffer[]>();
    for (const [conversationID, list] of clipped) {
      const read: Buffer[] = [];
      for (const { begin, end } of mergedRanges(list))
        read.push(await encodedMessagesInRange(this.#db, conversationID, begin, end, this.#deps.reads));
      msgs.set(conversationID, read);
    }
    return new EncodedAnswer(encodePulled(msgs));
  }

  /**
   * A history page (docs: im-api.ts getHistory): the `count` messages just below the start message,
   * else below lastMinSeq, else the newest; never at or under the user's minSeq.
   */
  async history(userID: string, req: z.output<typeof historySchema>): Promise<HistoryResp> {
    const view = await getView(this.#db, userID, req.conversationID);
    if (!view || view.isDeleted) return { messages: [], isEnd: true };
    const startSeq = req.startClientMsgID
      ? await seqOfClientMsgID(this.#db, req.conversationID, req.startClientMsgID)
      : undefined;
    // Never above the user's max seq (a former group member's stops at their leave seq).
    const below = Math.min(
      startSeq ?? (req.lastMinSeq > 0 ? req.lastMinSeq : view.maxSeq + 1),
      view.maxSeq + 1,
    );
    // One more than asked tells whether anything older remains.
    const rows = await messagesBelow(this.#db, req.conversationID, below, view.minSeq, req.count + 1);
    const page = rows.slice(0, req.count).reverse();
    return { messages: page.map(toMessageItem), isEnd: rows.length <= req.count };
  }
}
