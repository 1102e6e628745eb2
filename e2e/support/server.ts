import { fileURLToPath } from 'node:url';
import { startTestServer } from '@im/server/testing';

/** The fixed verification code the journeys type; the server accepts it through SUPER_CODE. */
export const SUPER_CODE = '666666';

const webDist = fileURLToPath(new URL('../../packages/web/dist', import.meta.url));

/** The real server with the built web client, on loopback, on a fresh data folder. */
export function startMessenger(env: Record<string, string> = {}) {
  return startTestServer({ webDist, env: { SUPER_CODE, ...env } });
}
