import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrCode, errMessages } from '@im/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Headers that only mean something on a document (or a worker script): a hashed script or style
 * sheet is neither, and over HTTP/1.1 every header costs bytes on each of the dozens of files a
 * first screen loads (docs/decisions.md#first-screen). nosniff, CORP and Referrer-Policy stay.
 */
const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

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
      setHeaders: (reply, path) => {
        const immutable = path.includes(`${join(root, 'assets')}`);
        reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
        if (immutable && !path.endsWith('.html')) {
          for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
          // A hashed file never changes, so it is never revalidated either.
          reply.removeHeader('etag');
          reply.removeHeader('last-modified');
        }
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
