import type { MessageDraft, MessageRow } from './message-row.ts';
import { storedRow } from './stored-row.ts';
import type { StoreResult } from './message-store.ts';
import type { ViewTarget } from './view-target.ts';

/**
 * What crosses between the event loop's thread and the store's (store-thread.ts) for each message of a
 * batch, in a shape cheap to copy (docs/decisions.md "The message hot path"). postMessage copies by
 * structured clone, which writes every object's keys with its values: a batch of drafts as objects,
 * and the full rows answered for them, cost the two threads 7.5-8.2 µs a message (a batch of 69 from
 * the messaging bench), now 3.1-4.3. A draft goes as its values in a fixed column order, and a fresh
 * row comes back as what the store added to its draft (seq, serverMsgID, send time): the caller still
 * holds the draft, and rebuilds the row as the store built it (stored-row.ts). A send already stored
 * (a resend) is answered its earlier row whole: that row is not the draft's.
 */

/** Every column of a draft, in the order its values travel. */
const DRAFT_COLUMNS = [
  'conversationId',
  'clientMsgId',
  'sendId',
  'recvId',
  'groupId',
  'senderNickname',
  'senderFaceUrl',
  'senderPlatformId',
  'sessionType',
  'contentType',
  'msgFrom',
  'createTime',
  'content',
  'ex',
  'editTime',
  'reactions',
  'burnDuration',
  'burnAt',
] as const satisfies readonly (keyof MessageDraft)[];

// A column added to messages but not to the list above would not reach the store: this fails to compile.
type UnlistedColumn = Exclude<keyof MessageDraft, (typeof DRAFT_COLUMNS)[number]>;
const everyColumnListed: [UnlistedColumn] extends [never] ? true : never = true;
void everyColumnListed;

type DraftValue = MessageDraft[(typeof DRAFT_COLUMNS)[number]];
type ViewValues = [ownerUserID: string, conversationType: number, userID: string, groupID: string];

/** One message of a batch on its way to the store: its draft's values, then its views'. */
export type WireItem = [draft: DraftValue[], views: ViewValues[]];

/** What the store made of one message: a fresh row's additions to its draft, or an earlier row whole. */
export type WireStored = [seq: number, serverMsgId: string, sendTime: number] | MessageRow;

export function encodeItem(draft: MessageDraft, views: ViewTarget[]): WireItem {
  return [
    DRAFT_COLUMNS.map((column) => draft[column]),
    views.map((view) => [view.ownerUserID, view.conversationType, view.userID, view.groupID]),
  ];
}

export function decodeItem([values, views]: WireItem): { draft: MessageDraft; views: ViewTarget[] } {
  const draft: Record<string, DraftValue> = {};
  // A column the draft did not have stays absent, so that the row's defaults apply to it as before.
  DRAFT_COLUMNS.forEach((column, i) => {
    if (values[i] !== undefined) draft[column] = values[i];
  });
  return {
    draft: draft as MessageDraft,
    views: views.map(([ownerUserID, conversationType, userID, groupID]) => ({
      ownerUserID,
      conversationType,
      userID,
      groupID,
    })),
  };
}

export function encodeStored({ row, fresh }: StoreResult): WireStored {
  return fresh ? [row.seq, row.serverMsgId, row.sendTime] : row;
}

export function decodeStored(stored: WireStored, draft: MessageDraft): StoreResult {
  if (!Array.isArray(stored)) return { row: stored, fresh: false };
  const [seq, serverMsgId, sendTime] = stored;
  return { row: storedRow(draft, seq, serverMsgId, sendTime), fresh: true };
}
