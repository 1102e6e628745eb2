import type {
  ConversationItem,
  FriendApplication,
  GatewayPushes,
  GatewayPushID,
  GroupApplication,
  MessageItem,
  NoticeEventName,
  NoticeEvents,
} from '@im/protocol';
import type { SessionsEndedEvent } from '../bus/bus.ts';
import type { Push } from '../push/push.ts';
import type { WebPushDispatch } from './web-push-dispatch.ts';

/**
 * The push path with Web Push beside it (docs/decisions.md#web-push): every frame goes to the
 * sockets as before, and what a person is told about while away — a message, an application, an
 * incoming call — is also handed to the Web Push dispatch. It runs on the node that made the
 * change, so a push is sent once however many nodes there are.
 */
export class NotifyingPush implements Push {
  readonly #inner: Push;
  readonly #notify: WebPushDispatch;

  constructor(inner: Push, notify: WebPushDispatch) {
    this.#inner = inner;
    this.#notify = notify;
  }

  frame<K extends GatewayPushID>(
    userIDs: readonly string[],
    reqIdentifier: K,
    data: GatewayPushes[K],
    except?: string,
  ): void {
    this.#inner.frame(userIDs, reqIdentifier, data, except);
  }

  message(userIDs: readonly string[], item: MessageItem, exceptConnID?: string): void {
    this.#inner.message(userIDs, item, exceptConnID);
    this.#notify.message(userIDs, item);
  }

  onlineOnly(userIDs: readonly string[], item: MessageItem, exceptConnID?: string): void {
    this.#inner.onlineOnly(userIDs, item, exceptConnID);
    this.#notify.callSignal(userIDs, item);
  }

  conversationChanged(userID: string, items: ConversationItem[], exceptConnID?: string): void {
    this.#inner.conversationChanged(userID, items, exceptConnID);
  }

  notice<K extends NoticeEventName>(userIDs: readonly string[], event: K, data: NoticeEvents[K]): void {
    this.#inner.notice(userIDs, event, data);
    if (event === 'friendApplicationAdded') this.#notify.friendApplication(data as FriendApplication);
    if (event === 'groupApplicationAdded') this.#notify.groupApplication(userIDs, data as GroupApplication);
  }

  endSessions(event: SessionsEndedEvent): void {
    this.#inner.endSessions(event);
  }
}
