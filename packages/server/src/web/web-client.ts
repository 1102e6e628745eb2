import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrCode, errMessages } from '@im/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Whether a request that found nothing is a page load that the client's router should answer. */
function isPageLoad(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (path.startsWith('/api/') || path.startsWith('/chat/') || path.startsWith('/msg_gateway')) return false;
  return !/\.[a-z0-9]+$/i.test(path) || path.endsWith('.html');
}

/**
 * Serves the built web client at `/` with history fallback: any page path (`/conversation`,
 * `/chat?…`) answers index.html so that reloads work. Hashed assets are cached for a year;
 * index.html is revalidated every time so a new build shows at once.
 */
export async function serveWebClient(app: FastifyInstance, root: string | undefined): Promise<void> {
  const available = root !== undefined && existsSync(join(root, 'index.html'));
  if (available) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      index: ['index.html'],
      preCompressed: true,
      setHeaders: (res, path) => {
        const immutable = path.includes(`${join(root, 'assets')}`);
        res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`web client not built (${root ?? 'no WEB_DIST'}): run npm run build:web`);
  }
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (available && isPageLoad(request)) {
      return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.status(404).send({ errCode: ErrCode.NOT_FOUND, errMsg: errMessages[ErrCode.NOT_FOUND] });
  });
}
