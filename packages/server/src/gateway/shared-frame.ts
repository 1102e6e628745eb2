import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** FIN and the text opcode (RFC 6455 §5.2): a whole message in one frame. */
const FIN_TEXT = 0x81;

/**
 * A whole WebSocket text frame, header and payload in one buffer, as a server sends it (unmasked):
 * built once per fan-out and written as it is to every socket (docs/decisions.md#group-fan-out),
 * where ws framed the payload again for each socket (a header, an options object, two writes).
 */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const headerLength = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + length);
  frame[0] = FIN_TEXT;
  if (length < 126) {
    frame[1] = length;
  } else if (length < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    frame.writeUInt32BE(length >>> 0, 6);
  }
  payload.copy(frame, headerLength);
  return frame;
}

/** The ws internals read here (not documented fields; without them, the frame goes through ws.send). */
interface WsInternals {
  _socket?: Socket | null;
  _sender?: { _state?: number } | null;
  _extensions?: Record<string, unknown>;
}

/** ws's Sender state when nothing is queued behind a compression or a blob read. */
const SENDER_IDLE = 0;

/**
 * Writes a frame made by textFrame to the socket itself, when that keeps ws's order and format:
 * ws's sender writes a frame straight to the socket while it has nothing queued (its state is idle),
 * and a socket with permessage-deflate must set the frame's compression bit, so it goes through ws.
 * Returns false when the caller must send the payload through ws instead.
 */
export function writeSharedFrame(ws: WebSocket, frame: Buffer): boolean {
  const internals = ws as unknown as WsInternals;
  const socket = internals._socket;
  if (!socket || internals._sender?._state !== SENDER_IDLE) return false;
  if (internals._extensions?.['permessage-deflate']) return false;
  socket.write(frame);
  return true;
}
