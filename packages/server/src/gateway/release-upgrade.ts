import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/** The upgrade's HTTP response, by its request, from the route's hook until the socket is open. */
const responses = new WeakMap<IncomingMessage, ServerResponse>();

/** A route hook of the gateway (it runs once its checks passed): notes the response to release later. */
export async function rememberUpgradeResponse(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  responses.set(request.raw, reply.raw);
}

/**
 * Lets go of what the HTTP upgrade left on a socket that outlives it by hours (docs/decisions.md
 * "Memory per socket"): Node keeps the upgrade's response on the TCP socket, and @fastify/websocket's
 * error listener closes over the request and reply; with them went their headers (the token in the
 * URL, the security headers), a child logger and its closures — about half of what an idle socket
 * cost. The error listener put back does what the plugin's errorHandler does for the gateway (an
 * oversize frame: ws has already sent close 1009), on the shared logger.
 */
export function releaseUpgrade(request: FastifyRequest, ws: WebSocket, log: FastifyBaseLogger): void {
  const response = responses.get(request.raw);
  responses.delete(request.raw);
  if (response?.socket) response.detachSocket(response.socket);
  const reqId = request.id;
  ws.removeAllListeners('error');
  ws.on('error', function onError(this: WebSocket, error: Error) {
    log.info({ reqId, err: error }, 'gateway socket error');
    if (this.readyState === this.OPEN) this.close(1011, 'server error');
  });
}
