/**
 * Read receipts and burn-after-reading (docs/api.md#read-receipts-and-burn-after-reading), IM API
 * calls under ReceiptPath (paths.ts):
 *
 * | path | body | data of the answer |
 * | --- | --- | --- |
 * | setBurnAfterReading | `{ conversationID, isPrivateChat, burnDuration }` | the caller's updated `ConversationItem`; both users' rows change and a 1701 notice is stored for both |
 * | getReadState | `{ conversationID }` | `ReadStateResp`: how far each other participant has read |
 * | getMessageReaders | `{ conversationID, seq }` | `MessageReadersResp`: who has read an own group message and who has not |
 *
 * Read marks themselves are 2150 notices (message-change.ts), stored when a MarkAsRead moves the
 * reader's hasReadSeq past another user's message: always in one-to-one chats, in groups up to the
 * server's READ_RECEIPT_GROUP_MAX members.
 */
import { z } from 'zod';
import { BURN_DURATIONS_S } from './message-change.ts';

const conversationID = z.string().min(1).max(128);

export const setBurnAfterReadingSchema = z.object({
  conversationID,
  isPrivateChat: z.boolean(),
  /** One of BURN_DURATIONS_S; kept when turned off, so the choice is there next time. */
  burnDuration: z
    .number()
    .int()
    .refine((value) => (BURN_DURATIONS_S as readonly number[]).includes(value), {
      message: `burnDuration: one of ${BURN_DURATIONS_S.join(', ')}`,
    }),
});
export type SetBurnAfterReadingReq = z.input<typeof setBurnAfterReadingSchema>;

export const readStateSchema = z.object({ conversationID });
export type ReadStateReq = z.input<typeof readStateSchema>;

export const messageReadersSchema = z.object({
  conversationID,
  seq: z.number().int().min(1),
});
export type MessageReadersReq = z.input<typeof messageReadersSchema>;

/** One other participant's read position; a message at `seq` is theirs to read when seq > minSeq. */
export interface MemberReadState {
  userID: string;
  hasReadSeq: number;
  minSeq: number;
}

export interface ReadStateResp {
  /** False for a group above READ_RECEIPT_GROUP_MAX members: no receipts are kept or shown. */
  receipts: boolean;
  /** The other participants (the caller left out); empty when `receipts` is false. */
  members: MemberReadState[];
}

export interface ReaderInfo {
  userID: string;
  nickname: string;
  faceURL: string;
}

export interface MessageReadersResp {
  read: ReaderInfo[];
  unread: ReaderInfo[];
}

/** The detail of a 1701 notice: who changed burn-after-reading, to what. */
export interface BurnSettingDetail {
  opUser: { userID: string; nickname: string; faceURL: string };
  isPrivate: boolean;
  /** Seconds (BURN_DURATIONS_S). */
  burnDuration: number;
}
