import type { BackoffOptions } from '../connection/backoff.ts';
import type { HeartbeatOptions } from '../connection/heartbeat.ts';
import type { WebSocketConstructor } from '../connection/websocket-like.ts';
import type { Uploader } from '../messaging/media-uploads.ts';
import type { LocalStore } from '../store/local-store.ts';

/** Tuning of the messaging core; every field has a working default. Tests shorten the timers. */
export interface MessagingOptions {
  /** The WebSocket class; default the runtime's (browser, Node 24). Tests pass a fake. */
  WebSocket?: WebSocketConstructor;
  /** Opens a user's local store; default IndexedDB when the runtime has it, else memory. */
  openStore?: (userID: string) => Promise<LocalStore>;
  /** Gateway request timeout (default 10 s). */
  requestTimeoutMs?: number;
  heartbeat?: Partial<HeartbeatOptions>;
  backoff?: Partial<BackoffOptions>;
  /** Seqs per PullMsgs request (default 100). */
  pullPageSize?: number;
  /** Newest messages per conversation pulled by a reinstall (default 100). */
  reinstallDepth?: number;
  /** Unanswered send attempts before a send fails (default 5). */
  sendAttempts?: number;
  /** A send fails when not answered within this time (default 60 s), unless the device is offline. */
  sendDeadlineMs?: number;
  /** Whether the device has no network; default `navigator.onLine === false` where there is one. */
  isDeviceOffline?: () => boolean;
  /** A quiet max-seq check this often, to catch a lost last push (default 60 s; 0 disables). */
  periodicSyncMs?: number;
  /** A media message's upload; default the IM API's `POST /api/object/upload`. Tests pass a fake. */
  upload?: Uploader;
}
