/** Conversation ids (docs/product.md#conversation). */
export function singleConversationID(userA: string, userB: string): string {
  const [low, high] = userA < userB ? [userA, userB] : [userB, userA];
  return `si_${low}_${high}`;
}

export function groupConversationID(groupID: string): string {
  return `sg_${groupID}`;
}

export function notificationConversationID(userID: string): string {
  return `n_${userID}`;
}

/** The other user of a one-to-one conversation id, or null. */
export function peerOfSingleConversation(conversationID: string, selfID: string): string | null {
  const match = /^si_(.+?)_(.+)$/.exec(conversationID);
  if (!match) return null;
  return match[1] === selfID ? match[2] : match[1];
}

/**
 * The conversation a message goes to: its group's for a group send, else the one-to-one conversation
 * of the sender and the receiver. The one place a send's conversation ID is computed (sdk and web).
 */
export function sendConversationID(selfID: string, target: { recvID: string; groupID?: string }): string {
  return target.groupID ? groupConversationID(target.groupID) : singleConversationID(selfID, target.recvID);
}
