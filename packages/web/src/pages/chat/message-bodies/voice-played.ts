import { useCallback, useSyncExternalStore } from 'react';

/** The received voice messages this user has played, by clientMsgID (kept in localStorage). */
const KEY_PREFIX = 'im.voicePlayed.';
/** Old marks give way past this many: the newest voice messages are the ones that matter. */
const MAX_MARKS = 1000;

const listeners = new Set<() => void>();
const cache = new Map<string, ReadonlySet<string>>();

function read(selfID: string): ReadonlySet<string> {
  const held = cache.get(selfID);
  if (held) return held;
  let ids: string[] = [];
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KEY_PREFIX + selfID) ?? '[]');
    if (Array.isArray(parsed)) ids = parsed.filter((id): id is string => typeof id === 'string');
  } catch {
    ids = [];
  }
  const set = new Set(ids);
  cache.set(selfID, set);
  return set;
}

export function markVoicePlayed(selfID: string, clientMsgID: string): void {
  const before = read(selfID);
  if (before.has(clientMsgID)) return;
  const ids = [...before, clientMsgID].slice(-MAX_MARKS);
  cache.set(selfID, new Set(ids));
  try {
    localStorage.setItem(KEY_PREFIX + selfID, JSON.stringify(ids));
  } catch (error) {
    console.warn('played mark not kept', error);
  }
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether this received voice message was played here, and a way to mark it. */
export function useVoicePlayed(selfID: string, clientMsgID: string): [boolean, () => void] {
  const played = useSyncExternalStore(subscribe, () => read(selfID).has(clientMsgID));
  const mark = useCallback(() => markVoicePlayed(selfID, clientMsgID), [selfID, clientMsgID]);
  return [played, mark];
}
