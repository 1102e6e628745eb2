import { peerOfSingleConversation, SessionType } from '@im/protocol';

/** What a user's row for a conversation is made of when a message first reaches them. */
export interface ViewTarget {
  ownerUserID: string;
  conversationType: number;
  /** The peer of a one-to-one conversation (the owner themself in a note-to-self). */
  userID: string;
  groupID: string;
}

/** The row of `ownerUserID` for a conversation of the given session type. */
export function viewTarget(
  conversationID: string,
  sessionType: number,
  ownerUserID: string,
  groupID = '',
): ViewTarget {
  const single = sessionType === SessionType.Single;
  return {
    ownerUserID,
    conversationType: sessionType,
    userID: single ? (peerOfSingleConversation(conversationID, ownerUserID) ?? '') : '',
    groupID: single ? '' : groupID,
  };
}
