import { WsClose } from '@im/protocol';
import type { ConnectionRegistry } from './connection-registry.ts';

/**
 * One sweep over the sockets: a socket that sent no frame for `idleMs` is closed (4003), one that did
 * not answer the last protocol ping is dropped (dead peer, e.g. a phone that lost its network without
 * a close), the others are pinged.
 */
export function sweep(registry: ConnectionRegistry, idleMs: number, now = Date.now()): void {
  for (const conn of registry.all()) {
    if (now - conn.lastFrameAt > idleMs) conn.close(WsClose.Idle, 'idle');
    else conn.ping();
  }
}
