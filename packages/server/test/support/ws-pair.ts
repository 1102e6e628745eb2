import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer } from 'ws';

const servers: WebSocketServer[] = [];

/** A ws server on loopback and one client of it: the server's socket and the client's (ended by closeWsPairs). */
export async function wsPair(): Promise<{ ws: WebSocket; client: WebSocket }> {
  const server = new WebSocketServer({ port: 0, perMessageDeflate: false });
  servers.push(server);
  await once(server, 'listening');
  const accepted = once(server, 'connection');
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
  await once(client, 'open');
  const [ws] = (await accepted) as [WebSocket];
  return { ws, client };
}

/** For afterEach: every pair's sockets ended and its server closed. */
export async function closeWsPairs(): Promise<void> {
  for (const server of servers.splice(0)) {
    server.clients.forEach((socket) => socket.terminate());
    await new Promise((resolve) => server.close(resolve));
  }
}
