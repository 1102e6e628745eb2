import type WebSocket from 'ws';
import { WsReq } from '@im/protocol';
import { DEFAULT_HEARTBEAT } from '../../packages/sdk/src/connection/heartbeat.ts';

/** How often the sdk sends its heartbeat (a frame each 25 s keeps the gateway's idle close away). */
const HEARTBEAT_SECONDS = DEFAULT_HEARTBEAT.intervalMs / 1000;

/**
 * The heartbeat of docs/sdk.md for `count` bench clients, spread over the 25 s (a 25th of them each
 * second, in turn) so the server sees a steady trickle, as it does from devices that each started on
 * their own, not a burst of all of them at once. `beat(i)` sends client i's. Answers the timer, for
 * clearInterval.
 */
export function spreadBeats(
  count: () => number,
  beat: (index: number) => void,
): ReturnType<typeof setInterval> {
  let next = 0;
  return setInterval(() => {
    const total = count();
    const share = Math.ceil(total / HEARTBEAT_SECONDS);
    for (let i = 0; i < share && total > 0; i += 1) beat(next++ % total);
  }, 1000);
}

/** `spreadBeats` over raw sockets (the list may grow while it runs), each sending the frame itself. */
export function spreadHeartbeat(sockets: readonly WebSocket[]): ReturnType<typeof setInterval> {
  // Each frame's msgIncr its own, as the sdk's are.
  let sent = 0;
  return spreadBeats(
    () => sockets.length,
    (index) => {
      sent += 1;
      sockets[index].send(
        JSON.stringify({
          reqIdentifier: WsReq.Heartbeat,
          msgIncr: `h${sent}`,
          operationID: `h${sent}`,
          data: {},
        }),
      );
    },
  );
}
