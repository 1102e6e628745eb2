import type { MessageItem } from './message.ts';

/**
 * A user's view of one conversation (docs/product.md#conversation), with the sync fields of
 * docs/product.md#messages-and-sync.
 */
export interface ConversationItem {
  conversationID: string;
  conversationType: number;
  userID: string;
  groupID: string;
  showName: string;
  faceURL: string;
  recvMsgOpt: number;
  unreadCount: number;
  /** 0 none, 1 at me, 2 at all, 3 at all and at me. */
  groupAtType: number;
  latestMsg: MessageItem | null;
  latestMsgSendTime: number;
  draftText: string;
  draftTextTime: number;
  isPinned: boolean;
  isPrivateChat: boolean;
  burnDuration: number;
  maxSeq: number;
  hasReadSeq: number;
  minSeq: number;
  ex?: string;
}

export const GroupAtType = { None: 0, AtMe: 1, AtAll: 2, AtAllAtMe: 3 } as const;
