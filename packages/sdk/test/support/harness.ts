import { vi } from 'vitest';
import { NOTICE_EVENTS } from '@im/protocol';
import { IMClient, isApiError, memoryStorage } from '../../src/index.ts';
import type {
  IMEvents,
  LocalStore,
  MessagingOptions,
  Session,
  WebSocketConstructor,
} from '../../src/index.ts';
import type { FetchLike } from '../../src/http-client.ts';
import { MemoryStore } from '../../src/store/memory-store.ts';
import type { FakeGateway } from './fake-gateway.ts';

/** Every event a client emitted, in order. */
export class EventLog {
  entries: { event: keyof IMEvents; payload: unknown }[] = [];

  of<K extends keyof IMEvents>(event: K): IMEvents[K][] {
    return this.entries.filter((e) => e.event === event).map((e) => e.payload as IMEvents[K]);
  }
}

/** Every event a client emits: its own, then the Notice pushes it re-emits under their names. */
const EVENTS: (keyof IMEvents)[] = [
  'loginStatusChanged',
  'kickedOffline',
  'tokenExpired',
  'recvNewMessages',
  'recvOnlineOnlyMessage',
  'recvMessageRevoked',
  'messageChanged',
  'readReceipt',
  'messagesBurned',
  'conversationChanged',
  'newConversation',
  'totalUnreadMessageCountChanged',
  'connectionStateChanged',
  'connecting',
  'connectSuccess',
  'connectFailed',
  'syncStart',
  'syncProgress',
  'syncFinish',
  'syncFailed',
  ...NOTICE_EVENTS,
];

/** Short timers so failures and retries happen within a test. */
export const FAST: MessagingOptions = {
  requestTimeoutMs: 300,
  backoff: { baseMs: 5, maxMs: 40 },
  heartbeat: { intervalMs: 10_000, deadAfterMs: 30_000 },
  periodicSyncMs: 0,
  sendDeadlineMs: 5_000,
};

export interface TestClient {
  client: IMClient;
  log: EventLog;
  store: LocalStore;
  /** The messages this client received as new, flattened in arrival order. */
  received: () => IMEvents['recvNewMessages'];
}

/**
 * Where a test client connects. The fake passes its fetch and WebSocket; a real server passes only
 * its address (Node 24's global fetch and WebSocket then carry the calls), e.g.
 * `{ location: { protocol: 'http:', host: '127.0.0.1:8080' } }`.
 */
export interface TestBackend {
  location: { protocol: string; host: string };
  fetch?: FetchLike;
  WebSocket?: WebSocketConstructor;
}

export function fakeBackend(gateway: FakeGateway): TestBackend {
  return {
    location: { protocol: 'http:', host: 'fake.local' },
    fetch: gateway.fetch,
    WebSocket: gateway.WebSocket,
  };
}

/** A client logged in with an existing session on any backend, its events recorded. */
export async function connectClient(
  backend: TestBackend,
  session: Session,
  options: { messaging?: MessagingOptions; store?: LocalStore } = {},
): Promise<TestClient> {
  const store = options.store ?? new MemoryStore();
  const client = new IMClient({
    storage: memoryStorage(),
    location: backend.location,
    fetch: backend.fetch,
    messaging: { ...FAST, WebSocket: backend.WebSocket, openStore: async () => store, ...options.messaging },
  });
  const log = new EventLog();
  for (const event of EVENTS) client.on(event, (payload) => void log.entries.push({ event, payload }));
  await client.loginWithSession(session);
  return { client, log, store, received: () => log.of('recvNewMessages').flat() };
}

/** A logged-in client on the fake backend (the user is created when missing). */
export function loginClient(
  gateway: FakeGateway,
  userID: string,
  options: { messaging?: MessagingOptions; store?: LocalStore } = {},
): Promise<TestClient> {
  const user = gateway.state.users.get(userID) ?? gateway.state.addUser(userID);
  return connectClient(fakeBackend(gateway), { userID, imToken: user.token, chatToken: user.token }, options);
}

/** Waits until the client's start-up sync finished (or failed). */
export async function synced(t: TestClient, count = 1): Promise<void> {
  await vi.waitFor(() => {
    if (t.log.of('syncFinish').length + t.log.of('syncFailed').length < count)
      throw new Error('not synced yet');
  });
}

export async function sendTexts(from: TestClient, to: string, texts: string[]) {
  const stored = [];
  for (const text of texts)
    stored.push(
      await from.client.messages.sendMessage({
        recvID: to,
        message: from.client.messages.createTextMessage(text),
      }),
    );
  return stored;
}

/** The errCode a call failed with: 0 when it succeeded, -999 when it failed without an ApiError. */
export async function errCodeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 0;
  } catch (error) {
    return isApiError(error) ? error.errCode : -999;
  }
}

/** The fake backend, with the HTTP requests whose address matches `counted` counted. */
export function countingBackend(
  gateway: FakeGateway,
  counted: RegExp,
): { backend: TestBackend; requests: { count: number } } {
  const requests = { count: 0 };
  const fetch: FetchLike = (input, init) => {
    if (counted.test(String(input))) requests.count += 1;
    return gateway.fetch(input, init);
  };
  return { backend: { ...fakeBackend(gateway), fetch }, requests };
}
