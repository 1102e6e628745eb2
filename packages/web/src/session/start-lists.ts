import { loadContacts } from '../stores/contact-actions';
import { loadGroups } from '../stores/group-actions';
import { loadUnreadCount, reloadConversations } from '../stores/conversation-actions';

/** Each list start-up loads and a finished sync reloads; each answers whether it was stored. */
const LISTS = {
  conversations: reloadConversations,
  unreadCount: loadUnreadCount,
  contacts: loadContacts,
  groups: loadGroups,
} satisfies Record<string, () => Promise<boolean>>;

type ListName = keyof typeof LISTS;
const NAMES = Object.keys(LISTS) as ListName[];

/** Counts the gateway connections opened; a list remembers the one its last stored load began on. */
let connection = 0;
const loadedOn = new Map<ListName, number>();
const running = new Map<ListName, Promise<void>>();

/**
 * Loads one list after any load of it still running. `ifStale`: only when no load that began on the
 * connection open now has stored it. A load that began before that connection opened may have missed
 * a change made before it could hear the change's event, so it does not count.
 */
function load(name: ListName, ifStale: boolean): Promise<void> {
  const next = (running.get(name) ?? Promise.resolve()).then(async () => {
    if (ifStale && loadedOn.get(name) === connection) return;
    const beganOn = connection;
    if (await LISTS[name]()) loadedOn.set(name, beganOn);
  });
  running.set(name, next);
  void next.finally(() => {
    if (running.get(name) === next) running.delete(name);
  });
  return next;
}

/** Start-up after login (docs/product.md#start-up-after-login): every list. */
export function loadStartLists(): Promise<void> {
  return Promise.all(NAMES.map((name) => load(name, false))).then(() => undefined);
}

/**
 * A finished sync (docs/product.md#sync): the lists again, since events missed while the connection was
 * down are not replayed. A list stored by a load that began on the connection open now is current
 * already (every later change comes as an event on it), so the sync that follows a login does not
 * read the lists a second time while the first screen settles (docs/decisions.md#first-screen).
 */
export function reloadListsAfterSync(): Promise<void> {
  return Promise.all(NAMES.map((name) => load(name, true))).then(() => undefined);
}

/** The gateway connection opened (connectSuccess): lists loaded before it are not known current. */
export function noteConnectionOpened(): void {
  connection += 1;
}

/** Logout: the next user's lists are loaded afresh. */
export function forgetLoadedLists(): void {
  loadedOn.clear();
}
