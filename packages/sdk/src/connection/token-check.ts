import { ImPath } from '@im/protocol';
import { isApiError } from '../api-error.ts';
import type { HttpClient } from '../http-client.ts';

/**
 * The 705 rule. The gateway refuses a bad token before the upgrade (HTTP 401), and a browser only
 * sees a socket that closed before it opened, the same as a network failure. So after every close
 * before open, the client asks the IM API (POST /api/conversation/get_total_unread_msg_count, cheap,
 * token required) and answers the envelope's errCode: a token error (1501–1507) ends the connection
 * (1506 as kicked, the others as connectFailed 705); 0 or any other failure (network, 5xx) means
 * "retry with backoff". The client passed in must not report errors itself (no onError), so the
 * check raises no tokenExpired event of its own.
 */
export function tokenCheck(api: HttpClient): () => Promise<number> {
  return () =>
    api.post(ImPath.getTotalUnread, {}).then(
      () => 0,
      (error: unknown) => (isApiError(error) ? error.errCode : 0),
    );
}
