import { Header } from '@im/protocol';
import type { FastifyRequest } from 'fastify';
import type { AuthContext, TokenKind, TokenService } from '../auth/token-service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's session; set by the token hook on every guarded route. */
    auth: AuthContext;
  }
}

/** An onRequest hook that admits only a valid token of the kind in the `token` header. */
export function tokenHook(tokens: TokenService, kind: TokenKind) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers[Header.token.toLowerCase()];
    request.auth = await tokens.verify(Array.isArray(header) ? header[0] : header, kind);
  };
}
