import type WebSocket from 'ws';
import { WsReq } from '@im/protocol';

/**
 * The heartbeat of docs/sdk.md for many bench sockets (a frame each 25 s keeps the gateway's idle
 * close away), spread over the 25 s so the server sees a steady trickle, not a burst. Answers the
 * timer, for clearInterval.
 */
export function spreadHeartbeat(sockets: readonly WebSocket[]): ReturnType<typeof setInterval> {
  let beat = 0;
  return setInterval(() => {
    const share = Math.ceil(sockets.length / 25);
    for (let i = 0; i < share && sockets.length > 0; i += 1) {
      const socket = sockets[beat++ % sockets.length];
      socket.send(
        JSON.stringify({
          reqIdentifier: WsReq.Heartbeat,
          msgIncr: `h${beat}`,
          operationID: `h${beat}`,
          data: {},
        }),
      );
    }
  }, 1000);
}
