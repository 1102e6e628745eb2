import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** The sockets whose writes are held until the current run of callbacks and microtasks ends. */
const held = new Set<Socket>();

function release(): void {
  for (const socket of held) socket.uncork();
  held.clear();
}

/**
 * Holds the writes of a socket until the callbacks and promise continuations running now are done,
 * then lets them go together (docs/decisions.md "The message hot path"). A group commit answers its
 * sends in one run of continuations, and a socket often gets two frames of it (the answer to its own
 * send and the push of a peer's), or many (a busy group): one system call carries them, where each
 * frame was a write of its own (a write per frame was a seventh of the server's time under load).
 *
 * Node counts corks, so ws's own cork around a frame's header and payload nests inside this one. ws
 * keeps its TCP socket as `_socket` (not a documented field): without one, frames go as before.
 */
export function holdWrites(ws: WebSocket): void {
  const socket = (ws as unknown as { _socket?: Socket | null })._socket;
  if (!socket || held.has(socket)) return;
  socket.cork();
  if (held.size === 0) process.nextTick(release);
  held.add(socket);
}
