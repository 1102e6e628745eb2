import { WsPush } from '@im/protocol';
import type {
  ConversationItem,
  GatewayPushes,
  GatewayPushID,
  MessageItem,
  NoticeEventName,
  NoticeEvents,
  NoticeFrame,
} from '@im/protocol';
import type { Bus, GroupListRef, SessionsEndedEvent } from '../bus/bus.ts';

/**
 * The one way the server reaches users' sockets: every area (messages, conversations, contacts,
 * groups, profiles, sessions) calls it, and it publishes on the bus, so that whichever node holds a
 * socket delivers the frame (src/gateway/connection-registry.ts). Frames and payloads are the gateway
 * table's (packages/protocol/src/gateway-table.ts).
 */
export interface Push {
  /** A frame for every socket of the users, except the socket that caused it (it has the answer). */
  frame<K extends GatewayPushID>(
    userIDs: readonly string[],
    reqIdentifier: K,
    data: GatewayPushes[K],
    exceptConnID?: string,
  ): void;
  /** A stored message (NewMessage). */
  message(userIDs: readonly string[], item: MessageItem, exceptConnID?: string): void;
  /**
   * A message that is not stored: typing and other online-only signals (OnlineOnly); a call signal
   * also goes to the sender's other sockets, all but the one that sent it.
   */
  onlineOnly(userIDs: readonly string[], item: MessageItem, exceptConnID?: string): void;
  /** The user's conversations that changed (ConversationChanged). */
  conversationChanged(userID: string, items: ConversationItem[], exceptConnID?: string): void;
  /**
   * A friend, group or profile event (Notice, `{ event, data }`). HTTP calls have no socket to leave
   * out: the device that made the change hears it too, which keeps every device on one path.
   */
  notice<K extends NoticeEventName>(userIDs: readonly string[], event: K, data: NoticeEvents[K]): void;
  /** Ended sessions: their sockets get KickOnline or TokenExpired and are closed (4001 / 4002). */
  endSessions(event: SessionsEndedEvent): void;
}

/** A membership test of a list (a kept group list's member map): has(id) as includes(id), at once. */
export interface Membership {
  has(userID: string): boolean;
}

const uniqueLists = new WeakMap<readonly string[], Membership | null>();
const groupLists = new WeakMap<readonly string[], GroupListRef>();

/**
 * Marks a list of user IDs as holding each user once and never changing (it is frozen): pushes to it
 * skip the de-duplication, which hashed every ID of a group's member list on every send
 * (docs/decisions.md#group-fan-out). With `members`, a test of the same users, a walk of a smaller
 * set (a node's online users, the users with a Web Push subscription) may test it instead of walking
 * the list.
 */
export function knownUnique(
  userIDs: readonly string[],
  members?: Membership,
  group?: GroupListRef,
): readonly string[] {
  Object.freeze(userIDs);
  uniqueLists.set(userIDs, members ?? null);
  if (group) groupLists.set(userIDs, group);
  return userIDs;
}

/** The group member list this very list is (knownUnique's `group`), if any. */
export function groupListOf(userIDs: readonly string[]): GroupListRef | undefined {
  return groupLists.get(userIDs);
}

/** The membership test knownUnique was given for this very list, if any. */
export function membershipOf(userIDs: readonly string[]): Membership | undefined {
  return uniqueLists.get(userIDs) ?? undefined;
}

/**
 * The users of the list that `present` holds (a node's online users, the users with a Web Push
 * subscription). A kept group list with a membership test, longer than `present`, is tested while
 * `present` is walked, so a large group with few of its members there costs their count, not its size.
 */
export function* presentAmong(
  userIDs: readonly string[],
  present: Pick<ReadonlySet<string>, 'has' | 'keys' | 'size'>,
): Generator<string> {
  const members = membershipOf(userIDs);
  if (members && present.size < userIDs.length) {
    for (const userID of present.keys()) if (members.has(userID)) yield userID;
  } else {
    for (const userID of userIDs) if (present.has(userID)) yield userID;
  }
}

/** Push over the app's bus (in-process today; the scale-out issue brings a Redis bus). */
export class BusPush implements Push {
  readonly #bus: Bus;

  constructor(bus: Bus) {
    this.#bus = bus;
  }

  frame<K extends GatewayPushID>(
    userIDs: readonly string[],
    reqIdentifier: K,
    data: GatewayPushes[K],
    exceptConnID?: string,
  ): void {
    const unique = uniqueLists.has(userIDs) ? userIDs : [...new Set(userIDs)].filter(Boolean);
    if (unique.length === 0) return;
    const group = groupLists.get(unique);
    this.#bus.publish('push', {
      userIDs: unique,
      reqIdentifier,
      data,
      exceptConnID,
      ...(group && { group }),
    });
  }

  message(userIDs: readonly string[], item: MessageItem, exceptConnID?: string): void {
    this.frame(userIDs, WsPush.NewMessage, item, exceptConnID);
  }

  onlineOnly(userIDs: readonly string[], item: MessageItem, exceptConnID?: string): void {
    this.frame(userIDs, WsPush.OnlineOnly, item, exceptConnID);
  }

  conversationChanged(userID: string, items: ConversationItem[], exceptConnID?: string): void {
    this.frame([userID], WsPush.ConversationChanged, items, exceptConnID);
  }

  notice<K extends NoticeEventName>(userIDs: readonly string[], event: K, data: NoticeEvents[K]): void {
    const frame: NoticeFrame<K> = { event, data };
    this.frame(userIDs, WsPush.Notice, frame);
  }

  endSessions(event: SessionsEndedEvent): void {
    this.#bus.publish('sessionsEnded', event);
  }
}
