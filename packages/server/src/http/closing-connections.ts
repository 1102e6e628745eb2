import type { FastifyInstance } from 'fastify';

/**
 * Lets a closing server's HTTP connections go (docs/operations.md#graceful-shutdown). Node's close
 * ends the connections idle at that moment and then waits for every other one to end; a keep-alive
 * connection whose request was still running then stayed open, idle, until its keep-alive timeout
 * (72 s), and held the close that long. From the first preClose hook on, each answer says
 * `Connection: close`, so its socket ends once it is sent, and an answer sent meanwhile (its headers
 * went out before) has its connection closed once it is idle. Registered first, before any route.
 */
export function closeConnectionsWhenClosing(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async () => {
    // Node marks the connection idle just after the answer's last byte: one turn later.
    if (closing) setImmediate(() => app.server.closeIdleConnections());
  });
}
