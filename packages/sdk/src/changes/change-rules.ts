import { ContentType, elemKeyFor } from '@im/protocol';
import type { EditDetail, MessageItem, ReactionDetail } from '@im/protocol';

/*
 * What a change notice does to the message it names (docs/api.md#message-changes), as pure rules:
 * the one place the store (apply-change.ts) and the timelines take them from. Each answers the
 * message after the change, or null when the notice changes nothing here, so applying a notice twice,
 * or an older one after a newer state came from the server, leaves the message as it is.
 */

/** A revoked message takes no edit or reaction (the server refuses them; an old notice is stale). */
function isRevoked(message: MessageItem): boolean {
  return message.contentType === ContentType.Revoke;
}

/** The edited text in place, with its edit time; an edit older than the one shown is stale. */
export function editedInPlace(message: MessageItem, detail: EditDetail): MessageItem | null {
  if (isRevoked(message) || (message.editTime ?? 0) >= detail.editTime) return null;
  const key = elemKeyFor(detail.contentType);
  if (!key || detail.contentType !== message.contentType) return null;
  let element: unknown;
  try {
    element = JSON.parse(detail.content);
  } catch {
    return null;
  }
  return { ...message, [key]: element, editTime: detail.editTime };
}

/** The reactions the notice carries, whole, in place of the message's. */
export function reactedInPlace(message: MessageItem, detail: ReactionDetail): MessageItem | null {
  if (isRevoked(message) || !Array.isArray(detail.reactions)) return null;
  const next: MessageItem = { ...message, reactions: detail.reactions };
  if (detail.reactions.length === 0) delete next.reactions;
  return JSON.stringify(next.reactions ?? []) === JSON.stringify(message.reactions ?? []) ? null : next;
}
