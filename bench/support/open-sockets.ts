import WebSocket from 'ws';
import type { BenchUser } from '../messaging/seed-users.ts';
import { gatewayUrl } from './gateway-url.ts';

export interface OpenOptions {
  port: string;
  /** The loopback source address of this client process (127.0.0.x), past one address's port range. */
  localAddress: string;
  /** The operationID prefix of the gateway's session query. */
  prefix: string;
  onFrame?: (raw: WebSocket.RawData) => void;
}

/**
 * Opens the gateway sockets of `users`, 50 at a time, as the sdk does (docs/api.md): the ones that
 * opened, and how many failed.
 */
export async function openSockets(
  users: readonly BenchUser[],
  { port, localAddress, prefix, onFrame }: OpenOptions,
): Promise<{ sockets: WebSocket[]; failed: number }> {
  const sockets: WebSocket[] = [];
  let failed = 0;
  const open = (user: BenchUser) => {
    const socket = new WebSocket(gatewayUrl(port, user, `${prefix}-${user.userID}`), {
      perMessageDeflate: false,
      localAddress,
    });
    if (onFrame) socket.on('message', onFrame);
    return new Promise<void>((resolve) => {
      socket.once('open', () => (sockets.push(socket), resolve()));
      socket.once('error', () => ((failed += 1), resolve()));
    });
  };
  let next = 0;
  const worker = async () => {
    while (next < users.length) await open(users[next++]);
  };
  await Promise.all(Array.from({ length: 50 }, worker));
  return { sockets, failed };
}
