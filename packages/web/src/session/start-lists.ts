import { loadContacts } from '../stores/contact-actions';
import { loadGroups } from '../stores/group-actions';
import { loadUnreadCount, reloadConversations } from '../stores/conversation-actions';
import { nextTask } from '../utils/next-task';

/**
 * Each list start-up loads and a finished sync reloads; each answers whether it was stored. After a
 * sync the conversations and the unread count come from the sdk's store, which that sync has just
 * filled from the server (docs/sdk.md#sync-rules); contacts and groups are asked for again.
 */
const LISTS = {
  conversations: reloadConversations,
  unreadCount: loadUnreadCount,
  contacts: loadContacts,
  groups: loadGroups,
} satisfies Record<string, (afterSync: boolean) => Promise<boolean>>;

type ListName = keyof typeof LISTS;
const NAMES = Object.keys(LISTS) as ListName[];
/** What the first screen shows (the list, the tab's badge): loaded at once, from the store when synced. */
const FIRST_SCREEN: ListName[] = ['conversations', 'unreadCount'];
/** Asked of the server once the gateway connection is open, so that the sync's end need not again. */
const ON_CONNECTION: ListName[] = ['contacts', 'groups'];
/** A connection that does not open (a proxy without WebSocket) keeps these lists waiting no longer. */
const CONNECTION_WAIT_MS = 3000;

/** Counts the gateway connections opened; a list remembers the one its last stored load began on. */
let connection = 0;
const loadedOn = new Map<ListName, number>();
const running = new Map<ListName, Promise<void>>();
/** Whether a connection opened since the login, and who waits for one (told false at a logout). */
let openedSinceLogin = false;
const waitingForConnection = new Set<(go: boolean) => void>();

/** Resolves true once a connection has opened since the login (or after CONNECTION_WAIT_MS), false at a logout. */
function connectionOpen(): Promise<boolean> {
  if (openedSinceLogin) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (go: boolean) => {
      clearTimeout(timer);
      waitingForConnection.delete(done);
      resolve(go);
    };
    const timer = setTimeout(() => done(true), CONNECTION_WAIT_MS);
    waitingForConnection.add(done);
  });
}

/**
 * Loads one list after any load of it still running. `ifStale`: only when no load that began on the
 * connection open now has stored it. A load that began before that connection opened may have missed
 * a change made before it could hear the change's event, so it does not count.
 */
function load(name: ListName, ifStale: boolean): Promise<void> {
  const next = (running.get(name) ?? Promise.resolve()).then(async () => {
    if (ifStale && loadedOn.get(name) === connection) return;
    const beganOn = connection;
    if (await LISTS[name](ifStale)) loadedOn.set(name, beganOn);
  });
  running.set(name, next);
  void next.finally(() => {
    if (running.get(name) === next) running.delete(name);
  });
  return next;
}

/**
 * Start-up after login (docs/product.md#start-up-after-login): every list. The contacts and groups
 * wait for the gateway connection: loaded before it opened, the sync's end read them a second time
 * (docs/decisions.md#first-screen).
 */
export function loadStartLists(): Promise<void> {
  // Each list's requests in a task of their own, not in the connection's opening task with the sync's.
  const onConnection = connectionOpen().then((go) =>
    go ? Promise.all(ON_CONNECTION.map((name) => nextTask().then(() => load(name, false)))) : [],
  );
  return Promise.all([...FIRST_SCREEN.map((name) => load(name, false)), onConnection]).then(() => undefined);
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

/**
 * Resolves once no list load is running, those a load started while waiting included: what a finished
 * sync reloads (reloadListsAfterSync, started by its event) is in the stores after it.
 */
export async function listsSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running.values()]);
}

/** The gateway connection opened (connectSuccess): lists loaded before it are not known current. */
export function noteConnectionOpened(): void {
  connection += 1;
  openedSinceLogin = true;
  for (const done of [...waitingForConnection]) done(true);
}

/** Logout: the next user's lists are loaded afresh, after the next user's connection opens. */
export function forgetLoadedLists(): void {
  loadedOn.clear();
  openedSinceLogin = false;
  for (const done of [...waitingForConnection]) done(false);
}
