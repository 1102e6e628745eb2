import { HandleResult } from '@im/protocol';

/**
 * "Accessed" applications (docs/product.md#device-storage): the received applications this user has already
 * seen on the application screen, kept per user ID in local storage, one entry per kind:
 * `IM_ACCESSED_FRIEND_APPLICATIONS` / `IM_ACCESSED_GROUP_APPLICATIONS` = `{ "<userID>": ["<key>", …] }`.
 * The contact tab badge counts the pending received applications not in that list.
 *
 * An application is remembered by its sender and its creation time, so an application sent again
 * (which replaces the earlier one with a new createTime) counts as new.
 */
export const ACCESSED_STORAGE_KEY = {
  friend: 'IM_ACCESSED_FRIEND_APPLICATIONS',
  group: 'IM_ACCESSED_GROUP_APPLICATIONS',
} as const;

export type ApplicationKind = keyof typeof ACCESSED_STORAGE_KEY;

export const friendAccessKey = (a: { fromUserID: string; createTime: number }) =>
  `${a.fromUserID}_${a.createTime}`;
export const groupAccessKey = (a: { userID: string; groupID: string; createTime: number }) =>
  `${a.groupID}_${a.userID}_${a.createTime}`;

type AccessedByUser = Record<string, string[]>;

function readAll(storage: Storage, kind: ApplicationKind): AccessedByUser {
  try {
    const value: unknown = JSON.parse(storage.getItem(ACCESSED_STORAGE_KEY[kind]) ?? '{}');
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as AccessedByUser)
      : {};
  } catch {
    return {};
  }
}

/** This user's accessed keys of that kind ([] when none or unreadable). */
export function readAccessed(storage: Storage, kind: ApplicationKind, userID: string): string[] {
  const keys = readAll(storage, kind)[userID];
  return Array.isArray(keys) ? keys.filter((k): k is string => typeof k === 'string') : [];
}

export function writeAccessed(storage: Storage, kind: ApplicationKind, userID: string, keys: string[]): void {
  try {
    storage.setItem(
      ACCESSED_STORAGE_KEY[kind],
      JSON.stringify({ ...readAll(storage, kind), [userID]: keys }),
    );
  } catch (error) {
    console.warn('saving the accessed applications failed', error);
  }
}

/** The badge arithmetic: pending received applications whose key is not accessed. */
export function countUnaccessed<T extends { handleResult: number }>(
  received: readonly T[],
  accessed: readonly string[],
  keyOf: (item: T) => string,
): number {
  const seen = new Set(accessed);
  return received.filter((a) => a.handleResult === HandleResult.Pending && !seen.has(keyOf(a))).length;
}

/**
 * The accessed list once the screen showing `received` was opened: every pending one is added.
 * Keys of applications no longer in the list are dropped, so the entry does not grow without end;
 * an empty list (not loaded yet) changes nothing.
 */
export function markAccessed<T extends { handleResult: number }>(
  received: readonly T[],
  accessed: readonly string[],
  keyOf: (item: T) => string,
): string[] {
  if (received.length === 0) return [...accessed];
  const present = new Set(received.map(keyOf));
  const kept = accessed.filter((k) => present.has(k));
  const added = received
    .filter((a) => a.handleResult === HandleResult.Pending)
    .map(keyOf)
    .filter((k) => !kept.includes(k));
  return [...kept, ...added];
}
