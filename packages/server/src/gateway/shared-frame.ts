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
  const frame = frameFor(payload.length);
  payload.copy(frame, frame.length - payload.length);
  return frame;
}

/** A text frame's buffer for `length` payload bytes, its header written; the payload goes at its end. */
function frameFor(length: number): Buffer {
  const frame = Buffer.allocUnsafe(frameHeaderLength(length) + length);
  writeFrameHeader(frame, length);
  return frame;
}

/** The header of a text frame of `length` payload bytes (2, 4 or 10 bytes long). */
export function textFrameHeader(length: number): Buffer {
  const header = Buffer.allocUnsafe(frameHeaderLength(length));
  writeFrameHeader(header, length);
  return header;
}

function frameHeaderLength(length: number): number {
  return length < 126 ? 2 : length < 65536 ? 4 : 10;
}

function writeFrameHeader(target: Buffer, length: number): void {
  target[0] = FIN_TEXT;
  if (length < 126) {
    target[1] = length;
  } else if (length < 65536) {
    target[1] = 126;
    target.writeUInt16BE(length, 2);
  } else {
    target[1] = 127;
    target.writeUInt32BE(Math.floor(length / 2 ** 32), 2);
    target.writeUInt32BE(length >>> 0, 6);
  }
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
  const socket = rawSocket(ws);
  if (!socket) return false;
  socket.write(frame);
  return true;
}

/**
 * Writes `text` as one text frame, header and payload in one buffer made here, under the same
 * conditions as writeSharedFrame: an answer leaves in one write, where ws made a header buffer, kept
 * the payload apart and wrote both (docs/decisions.md "The message hot path"). Returns false when the
 * caller must send the text through ws instead.
 */
export function writeTextFrame(ws: WebSocket, text: string): boolean {
  const socket = rawSocket(ws);
  if (!socket) return false;
  const length = Buffer.byteLength(text);
  const frame = frameFor(length);
  frame.write(text, frame.length - length);
  socket.write(frame);
  return true;
}

/**
 * Writes one text frame whose payload is `parts` one after another, each part as it is (a pull's
 * JSON, tens of kB, is never copied into a frame: docs/decisions.md#reconnect-storm), under the
 * same conditions as writeSharedFrame. The socket is corked meanwhile, so the header and the parts
 * leave in one system call. Returns false when the caller must send the payload through ws instead.
 */
export function writeFrameParts(ws: WebSocket, parts: readonly Buffer[]): boolean {
  const socket = rawSocket(ws);
  if (!socket) return false;
  const length = parts.reduce((sum, part) => sum + part.length, 0);
  socket.cork();
  socket.write(textFrameHeader(length));
  for (const part of parts) if (part.length > 0) socket.write(part);
  socket.uncork();
  return true;
}

/** The TCP socket, when a frame may be written to it directly (see writeSharedFrame). */
function rawSocket(ws: WebSocket): Socket | undefined {
  const internals = ws as unknown as WsInternals;
  const socket = internals._socket;
  if (!socket || internals._sender?._state !== SENDER_IDLE) return undefined;
  if (internals._extensions?.['permessage-deflate']) return undefined;
  return socket;
}
