import { WsReq } from '@im/protocol';
import type { TurnBudget } from '../http/turn-budget.ts';
import type { RequestDispatch } from './client-connection.ts';
import type { GatewayOptions } from './gateway-options.ts';
import { RequestSlots } from './request-slots.ts';

/**
 * Where a request waits before it runs (docs/decisions.md "The message hot path"):
 * - A send takes a slot of its own lane at once. Its own work is small and its commit already waits
 *   for the writer's batch, a turn later (message/batching-writer.ts); held back by the turn budget
 *   too, the sends of one turn were split over more commits (~6 % more CPU a message at 5,000 msg/s,
 *   docs/decisions.md#reconnect-storm). A send holds its slot until its batch commits, so its lane is
 *   wide: in the requests' 64 slots, 64 sends per commit round trip (~8 ms with the store's thread)
 *   held the gateway under 8,000 msg/s while both threads had time to spare.
 * - Every other request waits for the turn budget, then for one of `maxRunning` slots, so that a
 *   reconnect storm's pulls wait here instead of in the database's queue (request-slots.ts).
 */
export function requestLanes(
  options: Pick<GatewayOptions, 'maxRunning' | 'maxSending'>,
  turns: TurnBudget,
  dispatch: RequestDispatch,
): RequestDispatch {
  const requests = new RequestSlots(options.maxRunning);
  const sends = new RequestSlots(options.maxSending);
  return (conn, id, data) =>
    id === WsReq.SendMsg
      ? sends.run(() => dispatch(conn, id, data))
      : turns.turn().then(() => requests.run(() => dispatch(conn, id, data)));
}
