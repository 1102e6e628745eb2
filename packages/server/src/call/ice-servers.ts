import { createHmac } from 'node:crypto';
import type { IceServer } from '@im/protocol';
import type { Config } from '../config/config.ts';

/**
 * coturn's time-limited REST credentials (`use-auth-secret` with `static-auth-secret`,
 * docs/operations.md#turn-coturn): the username is `<expiry unix seconds>:<userID>` and the password
 * is base64(HMAC-SHA1(secret, username)). coturn recomputes the HMAC and refuses an expired username,
 * so the server hands them out without telling coturn anything.
 */
export function turnCredential(
  secret: string,
  userID: string,
  ttlS: number,
  nowMs: number,
): { username: string; credential: string } {
  const username = `${Math.floor(nowMs / 1000) + ttlS}:${userID}`;
  const credential = createHmac('sha1', secret).update(username).digest('base64');
  return { username, credential };
}

/** The ICE servers a participant gets in `joined`: the STUN servers, then TURN with its own credential. */
export function iceServersFor(
  config: Pick<Config, 'STUN_URLS' | 'TURN_URLS' | 'TURN_SECRET' | 'TURN_TTL_S'>,
  userID: string,
  nowMs: number,
): IceServer[] {
  const servers: IceServer[] = [];
  if (config.STUN_URLS.length > 0) servers.push({ urls: config.STUN_URLS });
  if (config.TURN_URLS.length > 0 && config.TURN_SECRET)
    servers.push({
      urls: config.TURN_URLS,
      ...turnCredential(config.TURN_SECRET, userID, config.TURN_TTL_S, nowMs),
    });
  return servers;
}
