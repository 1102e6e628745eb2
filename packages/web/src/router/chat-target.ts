import {
  groupConversationID,
  peerOfSingleConversation,
  SessionType,
  singleConversationID,
} from '@im/protocol';

/**
 * Which conversation a chat shows. The URL contract of /chat (and /singleSetting), written in the
 * web README: `?conversationID=<id>` for a conversation of the list, `?userID=<peer>` for a
 * one-to-one chat that may not exist yet (a user card), `?groupID=<group>` for a group.
 */
export interface ChatTarget {
  conversationID: string;
  sessionType: number;
  /** The peer of a one-to-one chat ('' for groups and notifications). */
  userID: string;
  groupID: string;
}

export type ChatQuery = { conversationID: string } | { userID: string } | { groupID: string };

/** The target named by a /chat query (built by `paths.chat`), or null when it names none. */
export function parseChatTarget(query: URLSearchParams, selfID: string): ChatTarget | null {
  const userID = query.get('userID');
  const groupID = query.get('groupID');
  const conversationID = query.get('conversationID');
  if (userID) {
    const id = singleConversationID(selfID, userID);
    return { conversationID: id, sessionType: SessionType.Single, userID, groupID: '' };
  }
  if (groupID) {
    const id = groupConversationID(groupID);
    return { conversationID: id, sessionType: SessionType.Group, userID: '', groupID };
  }
  if (!conversationID) return null;
  if (conversationID.startsWith('sg_')) {
    const group = conversationID.slice(3);
    return { conversationID, sessionType: SessionType.Group, userID: '', groupID: group };
  }
  const peer = peerOfSingleConversation(conversationID, selfID);
  if (peer) return { conversationID, sessionType: SessionType.Single, userID: peer, groupID: '' };
  return { conversationID, sessionType: SessionType.Notification, userID: '', groupID: '' };
}
