/**
 * Things the web itself does to a conversation that a kept-alive chat must hear about (the core
 * announces no event for a deletion): the chat of a deleted conversation empties itself.
 */
const deleted = new Set<(conversationID: string) => void>();

export function onConversationDeleted(listener: (conversationID: string) => void): () => void {
  deleted.add(listener);
  return () => deleted.delete(listener);
}

export function announceConversationDeleted(conversationID: string): void {
  for (const listener of deleted) listener(conversationID);
}
