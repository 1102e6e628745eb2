import { ErrCode } from '@im/protocol';
import type { FastifyRequest } from 'fastify';
import type { TokenService } from '../auth/token-service.ts';
import { AppError } from '../http/app-error.ts';

function normalizedOrigin(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser page of this origin may open the gateway: the page's own host, or one of
 * ALLOWED_ORIGINS (full origins like `https://app.example.com`, or `*`). A request without Origin is
 * not from a browser page (Node clients, native apps) and carries no ambient credentials: allowed.
 */
export function originAllowed(
  origin: string | undefined,
  hosts: (string | undefined)[],
  allowedOrigins: string[],
): boolean {
  if (origin === undefined) return true;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  if (hosts.some((h) => h && h.toLowerCase() === host)) return true;
  const wanted = normalizedOrigin(origin);
  return allowedOrigins.some((a) => a === '*' || normalizedOrigin(a) === wanted);
}

/**
 * At most `max` sockets per session token, on every node (GATEWAY_MAX_SOCKETS_PER_TOKEN,
 * docs/operations.md#sockets-and-uploads): the next upgrade answers 429 (20005) before any socket
 * exists. Runs after upgradeGuard, so `request.auth` is the session.
 */
export function socketCap(
  sockets: (userID: string, tokenID: string) => number | Promise<number>,
  max: number,
) {
  return async (request: FastifyRequest): Promise<void> => {
    if ((await sockets(request.auth.userID, request.auth.tokenID)) >= max)
      throw new AppError(ErrCode.TOO_FREQUENT, {
        retryAfter: 1,
        detail: `at most ${max} sockets per session`,
      });
  };
}

function first(value: unknown): string | undefined {
  return typeof (Array.isArray(value) ? value[0] : value) === 'string'
    ? ((Array.isArray(value) ? value[0] : value) as string)
    : undefined;
}

/**
 * The check before the upgrade (docs/api.md#gateway-msg_gateway): a foreign Origin is refused with
 * 403, a missing or bad token (query `token`, for the user of `sendID`) with 401 and the token code,
 * before any socket exists. On success `request.auth` is the session.
 */
export function upgradeGuard(tokens: TokenService, allowedOrigins: string[]) {
  return async (request: FastifyRequest): Promise<void> => {
    const origin = first(request.headers.origin);
    if (!originAllowed(origin, [first(request.headers.host), request.host], allowedOrigins))
      throw new AppError(ErrCode.NO_PERMISSION, { detail: `origin ${origin} is not allowed` });
    const query = (request.query ?? {}) as Record<string, unknown>;
    const auth = await tokens.verify(first(query.token), 'im');
    const sendID = first(query.sendID);
    if (sendID !== undefined && sendID !== auth.userID)
      throw new AppError(ErrCode.TOKEN_INVALID, { detail: 'sendID is not the token’s user' });
    request.auth = auth;
  };
}
