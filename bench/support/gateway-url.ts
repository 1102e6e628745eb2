import type { BenchUser } from '../messaging/seed-users.ts';

/**
 * A bench user's gateway socket address on loopback, with the query the gateway signs a socket in by
 * (docs/api.md "Gateway"): the IM token, the user, platform 5 (web) and an operationID for the logs.
 */
export function gatewayUrl(port: number | string, user: BenchUser, operationID: string): string {
  const query = new URLSearchParams({
    token: user.imToken,
    sendID: user.userID,
    platformID: '5',
    operationID,
  });
  return `ws://127.0.0.1:${port}/msg_gateway?${query}`;
}
