import { fileURLToPath } from 'node:url';
import { startTestServer } from '@im/server/testing';

/**
 * The fixed verification code the journeys register with; the server accepts it through SUPER_CODE
 * (with ALLOW_SUPER_CODE=1), for registration only.
 */
export const SUPER_CODE = '666666';

const webDist = fileURLToPath(new URL('../../packages/web/dist', import.meta.url));

/** The real server with the built web client, on loopback, on a fresh data folder. */
export function startMessenger(env: Record<string, string> = {}) {
  // One address registers every journey's users: the per-address account limit is lifted.
  return startTestServer({
    webDist,
    env: { SUPER_CODE, ALLOW_SUPER_CODE: '1', ACCOUNT_LIMIT_PER_IP: '100000', ...env },
  });
}
