import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { IncomingMessage } from 'node:http';

/** A Host header as it may appear in a CSP source (host, port, IPv6 brackets); anything else is left out. */
const HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The gateway of the page's own host, ws: and wss: (docs/operations.md#security-headers). */
function gatewaySources(req: IncomingMessage): string {
  const host = req.headers.host;
  return host && HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

function isWebSocketUpgrade(req: IncomingMessage): boolean {
  return req.headers.upgrade?.toLowerCase() === 'websocket';
}

/**
 * Security headers on every answer but a WebSocket handshake's (docs/operations.md#security-headers),
 * through helmet: a Content-Security-Policy that lets the built web client load only from this server
 * and talk only to it and its gateway, never be framed; X-Frame-Options DENY, Referrer-Policy
 * no-referrer, X-Content-Type-Options nosniff. HSTS only over TLS (a plain-HTTP LAN install must stay
 * reachable): `request.protocol` is https on a TLS listener or behind a trusted proxy that says so.
 * `style-src 'unsafe-inline'`: antd-mobile sets inline styles (style attributes and injected <style>).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // Helmet's middleware is built once: @fastify/helmet built it again on every request, parsing the
  // CSP directives each time (~50 µs; every gateway upgrade of a reconnect storm pays it,
  // bench/results/reconnect-storm-latest.md).
  const apply = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", (req) => gatewaySources(req as IncomingMessage)],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: false,
    // Avatars are fetched by pages of ALLOWED_ORIGINS too.
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  app.addHook('onRequest', (request, reply, done) => {
    // A WebSocket handshake is answered by ws on the socket itself (101): no header set here reaches
    // it, and a refused one's error is never shown to a page. Each gateway upgrade of a reconnect
    // storm paid helmet's ~15 µs for nothing.
    if (isWebSocketUpgrade(request.raw)) return done();
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https')
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
}
