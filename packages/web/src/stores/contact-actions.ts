import { im } from '../sdk/im';
import { listLoad, loadInTurns } from './load-list';
import { friendAccessKey, markAccessed, readAccessed, writeAccessed } from './accessed-applications';
import { useContactStore } from './contact-store';

const selfID = () => im.session.get()?.userID ?? '';

let loading: Promise<boolean> | null = null;

/**
 * The contacts part of start-up after login (docs/product.md#start-up-after-login): the friend list, the
 * blacklist and the friend applications as recipient and applicant, with this user's accessed list for the
 * badge. Also run after each sync, since contact events missed while offline are not replayed (docs/sdk.md).
 * Concurrent callers share one run. Answers whether every list was stored.
 */
export function loadContacts(): Promise<boolean> {
  loading ??= (async () => {
    const store = () => useContactStore.getState();
    const userID = selfID();
    if (userID) store().setAccessedFriendApplications(readAccessed(localStorage, 'friend', userID));
    const loaded = await loadInTurns([
      listLoad(
        'friends',
        () => im.contacts.getFriendList(),
        (list) => store().setFriendList(list),
      ),
      listLoad(
        'the blacklist',
        () => im.contacts.getBlackList(),
        (list) => store().setBlackList(list),
      ),
      listLoad(
        'received friend applications',
        () => im.contacts.getFriendApplicationListAsRecipient(),
        (list) => store().setRecvFriendApplicationList(list),
      ),
      listLoad(
        'sent friend applications',
        () => im.contacts.getFriendApplicationListAsApplicant(),
        (list) => store().setSendFriendApplicationList(list),
      ),
    ]);
    store().setLoaded(true);
    return loaded;
  })().finally(() => {
    loading = null;
  });
  return loading;
}

/**
 * The received friend applications were shown: they stop counting on the tab badge
 * (docs/product.md#device-storage).
 */
export function markFriendApplicationsAccessed(): void {
  const userID = selfID();
  if (!userID) return;
  const { recvFriendApplicationList, accessedFriendApplications, setAccessedFriendApplications } =
    useContactStore.getState();
  const keys = markAccessed(recvFriendApplicationList, accessedFriendApplications, friendAccessKey);
  if (
    keys.length === accessedFriendApplications.length &&
    keys.every((k, i) => k === accessedFriendApplications[i])
  )
    return;
  writeAccessed(localStorage, 'friend', userID, keys);
  setAccessedFriendApplications(keys);
}
