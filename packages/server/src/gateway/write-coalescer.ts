import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';

/** The sockets whose writes are held until the current run of callbacks and microtasks ends. */
const held: Socket[] = [];

/**
 * The list is emptied in place: an array of length 0 lets go of its backing store, so nothing of a run
 * stays reachable from it. It had been a set, cleared after each run. The set lived long enough to be
 * in the old generation, and V8 makes an old set's new tables (each clear, each growth) in the old
 * generation too, a cleared table pointing on to its successor: every run left its tables there for a
 * full collection to free (docs/decisions.md "The message hot path", what a socket's frame left in
 * the old generation).
 */
function release(): void {
  for (const socket of held) socket.uncork();
  held.length = 0;
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
  // Corked already, the socket is held in this run: ws's own cork around a frame ends within its send.
  if (!socket || socket.writableCorked > 0) return;
  socket.cork();
  if (held.length === 0) process.nextTick(release);
  held.push(socket);
}
