import { SessionType } from '@im/protocol';
import type { ConversationItem } from '@im/protocol';

/** The same message fixtures as the sdk's tests (the web shows what the sdk holds). */
export { message, notice } from '../../sdk/test/support/chat-fixtures.ts';

export function conversation(fields: Partial<ConversationItem> = {}): ConversationItem {
  return {
    conversationID: 'si_alice_bob',
    conversationType: SessionType.Single,
    userID: 'bob',
    groupID: '',
    showName: 'Bob',
    faceURL: '',
    recvMsgOpt: 0,
    unreadCount: 0,
    groupAtType: 0,
    latestMsg: null,
    latestMsgSendTime: 0,
    draftText: '',
    draftTextTime: 0,
    isPinned: false,
    isPrivateChat: false,
    burnDuration: 0,
    maxSeq: 0,
    hasReadSeq: 0,
    minSeq: 0,
    ...fields,
  };
}
