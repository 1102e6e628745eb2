import fastifyWebsocket from '@fastify/websocket';
import { ErrCode, isTokenError, WsClose } from '@im/protocol';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { AppError } from '../http/app-error.ts';
import type { Messaging } from '../message/messaging.ts';
import { ClientConnection } from './client-connection.ts';
import { ConnectionRegistry } from './connection-registry.ts';
import { DEFAULT_GATEWAY_OPTIONS } from './gateway-options.ts';
import type { GatewayOptions } from './gateway-options.ts';
import { startSweeps } from './liveness.ts';
import { releaseUpgrade, rememberUpgradeResponse } from './release-upgrade.ts';
import { dispatch, requestHandlers } from './request-handlers.ts';
import { requestLanes } from './request-lanes.ts';
import { inTurn } from '../http/turn-budget.ts';
import { socketCap, upgradeGuard } from './upgrade-guard.ts';

export const GATEWAY_PATH = '/msg_gateway';

/**
 * The gateway (docs/api.md#gateway-msg_gateway): `GET /msg_gateway?token&sendID&platformID&operationID`,
 * checked before the upgrade; then JSON request frames answered in order, and the bus's pushes and session
 * ends delivered to the sockets this node holds. Registers @fastify/websocket for the whole app (other socket
 * routes, like the call room service, share it).
 */
export async function registerGateway(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'bus' | 'tokens' | 'config' | 'turns'> & Partial<Pick<AppContext, 'presence'>>,
  messaging: Messaging,
  overrides: Partial<GatewayOptions> = {},
  /** Told of each new socket once it is admitted (calls replay what still rings for it). */
  onConnected?: (conn: ClientConnection) => void,
): Promise<ConnectionRegistry> {
  const options = { ...DEFAULT_GATEWAY_OPTIONS, ...overrides };
  const registry = new ConnectionRegistry();
  const handlers = requestHandlers(messaging);
  const run = requestLanes(options, ctx.turns, (conn, id, data) => dispatch(handlers, conn, id, data));
  ctx.bus.subscribe('push', (event) => registry.deliver(event));
  ctx.bus.subscribe('sessionsEnded', (event) => registry.endSessions(event));

  const stopSweeps = startSweeps(registry, options.idleMs, options.pingIntervalMs);
  // Before the plugin's own preClose: requests in flight finish and answer, then clients get 1012
  // "service restart" and reconnect, through the load balancer, to another node
  // (docs/operations.md#graceful-shutdown).
  app.addHook('preClose', async () => {
    stopSweeps();
    await Promise.all(registry.all().map((conn) => conn.drain(WsClose.ServiceRestart, 'server restarting')));
  });
  const presence = ctx.presence;

  await app.register(fastifyWebsocket, {
    options: { maxPayload: options.maxPayload },
    // Socket errors (an oversize frame: ws has already sent close 1009) are the client's; no terminate.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'gateway socket error');
      if (socket.readyState === socket.OPEN) socket.close(1011, 'server error');
    },
  });
  app.get(
    GATEWAY_PATH,
    {
      websocket: true,
      // A burst of upgrades is checked and completed within each turn's budget (http/turn-budget.ts).
      onRequest: inTurn(ctx.turns),
      preValidation: [
        upgradeGuard(ctx.tokens, ctx.config.ALLOWED_ORIGINS),
        socketCap(
          (userID, tokenID) =>
            presence ? presence.tokenSockets(userID, tokenID) : registry.ofToken(userID, tokenID).length,
          ctx.config.GATEWAY_MAX_SOCKETS_PER_TOKEN,
        ),
      ],
      preHandler: rememberUpgradeResponse,
    },
    (socket, request) => {
      releaseUpgrade(request, socket, app.log);
      const conn = new ClientConnection(socket, request.auth, run, options, app.log, request.id);
      registry.add(conn);
      if (presence) {
        presence.add(conn.userID, conn.auth.tokenID);
        conn.onClose(() => presence.remove(conn.userID, conn.auth.tokenID));
      }
      // Two upgrades that passed the cap together: the one over it goes at once.
      if (
        registry.ofToken(conn.userID, conn.auth.tokenID).length > ctx.config.GATEWAY_MAX_SOCKETS_PER_TOKEN
      ) {
        conn.close(WsClose.TooManySockets, 'too many sockets for this session');
        return;
      }
      onConnected?.(conn);
      // A session ended between the check and now was announced before this socket could hear it.
      const { token } = request.query as { token?: string };
      ctx.tokens.verify(token, 'im').catch((error: unknown) => {
        // Only a token answer ends it; a failing database must not log the user out.
        if (!(error instanceof AppError) || !isTokenError(error.errCode)) return;
        registry.endSessions({
          userID: conn.userID,
          tokenIDs: [conn.auth.tokenID],
          reason: error.errCode === ErrCode.TOKEN_KICKED ? 'kicked' : 'revoked',
        });
      });
    },
  );
  return registry;
}
