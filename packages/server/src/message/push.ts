import type { Bus } from '../bus/bus.ts';

/**
 * A frame for every socket of the users, but not the socket that asked (it gets the answer). Through
 * the bus, so that the node holding a socket delivers it (DESIGN §9).
 */
export function pushTo(
  bus: Bus,
  userIDs: string[],
  reqIdentifier: number,
  data: unknown,
  exceptConnID?: string,
): void {
  const unique = [...new Set(userIDs)].filter(Boolean);
  if (unique.length === 0) return;
  bus.publish('push', { userIDs: unique, reqIdentifier, data, exceptConnID });
}
