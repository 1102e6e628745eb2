import { IMClient, MemoryStore, memoryStorage } from '@im/sdk';
import type { IMEvents, MessagingOptions } from '@im/sdk';
import type { Account } from './accounts.ts';

/**
 * The sdk's own timers, shortened to the time scale of a fault test (the web keeps the defaults): a
 * silent socket is dead after 6 s instead of 60, reconnects back off up to 2 s, and a quiet max-seq
 * check runs every 2 s. Retries, resends and pulls are the sdk's own code.
 */
export const FAULT_TIMERS: MessagingOptions = {
  requestTimeoutMs: 5_000,
  heartbeat: { intervalMs: 2_000, deadAfterMs: 6_000 },
  backoff: { baseMs: 200, maxMs: 2_000 },
  periodicSyncMs: 2_000,
};

export interface SdkUser {
  account: Account;
  client: IMClient;
  /** Every event of the client, in order (only the ones the tests read). */
  events: { name: keyof IMEvents; payload: unknown }[];
  of: <K extends keyof IMEvents>(name: K) => IMEvents[K][];
}

const RECORDED: (keyof IMEvents)[] = [
  'recvNewMessages',
  'recvOnlineOnlyMessage',
  'kickedOffline',
  'connectSuccess',
  'connectFailed',
  'selfInfoUpdated',
  'syncFinish',
];

/** The real sdk (IMClient on Node 24's fetch and WebSocket) logged in with a session at `host`. */
export async function connectUser(
  host: string,
  account: Account,
  messaging = FAULT_TIMERS,
): Promise<SdkUser> {
  const store = new MemoryStore();
  const client = new IMClient({
    storage: memoryStorage(),
    location: { protocol: 'http:', host },
    messaging: { ...messaging, openStore: async () => store },
  });
  const events: SdkUser['events'] = [];
  for (const name of RECORDED) client.on(name, (payload) => void events.push({ name, payload }));
  await client.loginWithSession(account);
  const of = <K extends keyof IMEvents>(name: K) =>
    events.filter((e) => e.name === name).map((e) => e.payload as IMEvents[K]);
  return { account, client, events, of };
}

/** Logs every user out, ignoring the ones whose node is gone. */
export async function logoutAll(users: SdkUser[]): Promise<void> {
  await Promise.all(
    users.map((u) =>
      Promise.race([u.client.logout().catch(() => undefined), new Promise((r) => setTimeout(r, 3_000))]),
    ),
  );
}
