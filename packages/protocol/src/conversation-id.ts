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
