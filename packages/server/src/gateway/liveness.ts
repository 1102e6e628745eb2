import { WsClose } from '@im/protocol';
import type { ClientConnection } from './client-connection.ts';
import type { ConnectionRegistry } from './connection-registry.ts';

/** How often a slice of the sockets is swept: the period's work in steps this far apart. */
const SWEEP_TICK_MS = 1000;

/**
 * One sweep over sockets: a socket that sent no frame for `idleMs` is closed (4003), one that did
 * not answer the last protocol ping is dropped (dead peer, e.g. a phone that lost its network without
 * a close), the others are pinged. A socket closed since it was listed is untouched: both are no-ops
 * on a closed socket.
 */
export function sweep(conns: Iterable<ClientConnection>, idleMs: number, now = Date.now()): void {
  for (const conn of conns) {
    if (now - conn.lastFrameAt > idleMs) conn.close(WsClose.Idle, 'idle');
    else conn.ping();
  }
}

/**
 * Sweeps every socket of the registry once each `periodMs`, a slice of them each second
 * (docs/decisions.md "The message hot path"): the sockets listed at the start of a period, taken in
 * turn. Pinging all of them at once was a write per socket in one turn of the event loop, and their
 * pongs came back together: a stall of every send in flight, ~20 ms at 1,000 sockets and growing with
 * them. A socket opened meanwhile joins the next period. Answers the stop.
 */
export function startSweeps(registry: ConnectionRegistry, idleMs: number, periodMs: number): () => void {
  const slices = Math.max(1, Math.round(periodMs / SWEEP_TICK_MS));
  let listed: ClientConnection[] = [];
  let slice = 0;
  const timer = setInterval(() => {
    if (slice === 0) listed = registry.all();
    const size = Math.ceil(listed.length / slices);
    sweep(listed.slice(slice * size, (slice + 1) * size), idleMs);
    slice = (slice + 1) % slices;
  }, periodMs / slices);
  timer.unref();
  return () => clearInterval(timer);
}
