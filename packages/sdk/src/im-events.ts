import type { UserInfo } from '@im/protocol';
import type { LoginStatus } from './login-status.ts';

/** Events the messaging core emits; later issues add messages, conversations and sync. */
export interface IMEvents extends Record<string, unknown> {
  loginStatusChanged: LoginStatus;
  /** Another login on the same platform took over this session. */
  kickedOffline: void;
  /** The session's token expired or was revoked. */
  tokenExpired: void;
  selfInfoUpdated: UserInfo;
}
