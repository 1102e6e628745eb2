import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const webDist = fileURLToPath(new URL('../../packages/web/dist', import.meta.url));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.ico': 'image/x-icon',
};

/**
 * Only the built web client on loopback, as a static host would serve it while the messaging server
 * is down: page loads answer index.html (history fallback), files are served, and every call to the
 * API, the chat service or the gateway finds its connection dropped (unreachable, as for a phone).
 */
export async function serveWebOnly(port: number): Promise<{ close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent((request.url ?? '/').split('?')[0]);
    // As the server tells them apart: /chat is a page, /chat/… the chat service.
    if (request.method !== 'GET' || /^\/(api\/|chat\/|msg_gateway)/.test(path)) {
      request.socket.destroy();
      return;
    }
    const file = normalize(join(webDist, path));
    const found = file.startsWith(webDist) && existsSync(file) && statSync(file).isFile();
    const served = found ? file : join(webDist, 'index.html');
    response.writeHead(200, {
      'content-type': TYPES[extname(served)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    createReadStream(served).pipe(response);
  });
  // A WebSocket upgrade to the gateway is dropped too.
  server.on('upgrade', (_request, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
