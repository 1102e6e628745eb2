import type { FriendApplicationItem } from './contact-types';

/**
 * Keyed list updates (docs/product.md#contacts-updates): an update replaces or removes the item with
 * its key, and a new application replaces the one with the same key. Pure, so the rules are tested
 * on their own.
 */

/** The list with `item` in place of the one with its key, or appended (`at: 'end'`) / prepended. */
export function upsertByKey<T>(
  list: readonly T[],
  item: T,
  keyOf: (item: T) => string,
  at: 'start' | 'end' = 'end',
): T[] {
  const key = keyOf(item);
  const index = list.findIndex((x) => keyOf(x) === key);
  if (index >= 0) return list.map((x, i) => (i === index ? item : x));
  return at === 'start' ? [item, ...list] : [...list, item];
}

/** The list without the item of that key (the same array when there is none). */
export function removeByKey<T>(list: readonly T[], key: string, keyOf: (item: T) => string): T[] {
  return list.some((x) => keyOf(x) === key) ? list.filter((x) => keyOf(x) !== key) : [...list];
}

/**
 * Received friend applications are keyed by fromUserID, sent ones by toUserID
 * (docs/product.md#client-state).
 */
export const recvFriendApplicationKey = (a: { fromUserID: string }) => a.fromUserID;
export const sendFriendApplicationKey = (a: { toUserID: string }) => a.toUserID;
/**
 * Group applications (docs/product.md#client-state): received ones are keyed by group and user, sent
 * ones by groupID. A user may apply to two groups this user administers, so the group is part of the
 * received key (the server's own key); within one group the user alone tells them apart.
 */
export const recvGroupApplicationKey = (a: { groupID: string; userID: string }) => `${a.groupID}/${a.userID}`;
export const sendGroupApplicationKey = (a: { groupID: string }) => a.groupID;

export const byUserID = (x: { userID: string }) => x.userID;

/**
 * A pushed or answered application into a list kept newest first. A new one (pending: applied or
 * applied again) replaces the pair's earlier one and moves to the top; a handled one (accepted,
 * rejected) replaces it where it stands, or goes to the top when it was not there.
 */
export function applyApplication<T extends { handleResult: number }>(
  list: readonly T[],
  application: T,
  keyOf: (item: T) => string,
): T[] {
  if (application.handleResult === 0) {
    const key = keyOf(application);
    return [application, ...list.filter((x) => keyOf(x) !== key)];
  }
  return upsertByKey(list, application, keyOf, 'start');
}

/** Which of the user's two friend application lists an application belongs to. */
export function friendApplicationSide(
  application: Pick<FriendApplicationItem, 'fromUserID' | 'toUserID'>,
  selfID: string,
): 'recv' | 'send' | null {
  if (application.toUserID === selfID) return 'recv';
  if (application.fromUserID === selfID) return 'send';
  return null;
}

/**
 * Which of the user's two group application lists an application belongs to: the user's own (or an
 * invitation of them) is sent; any other reached them as the group's owner or an admin.
 */
export function groupApplicationSide(application: { userID: string }, selfID: string): 'recv' | 'send' {
  return application.userID === selfID ? 'send' : 'recv';
}
