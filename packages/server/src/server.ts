import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';
import { tuneGarbageCollector } from './ops/gc-tuning.ts';

/** Starts the messenger: `node packages/server/src/server.ts` (what `npm start` runs). */
async function main(): Promise<void> {
  tuneGarbageCollector();
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  /**
   * SIGTERM (docs/operations.md#graceful-shutdown): /readyz answers 503 at once so the balancer stops
   * sending here, the listener stops accepting, sockets get 1012 "service restart" and reconnect
   * through the balancer to another node, requests in flight (sends among them) finish, jobs stop
   * and release their locks, and the process exits. Past SHUTDOWN_TIMEOUT_MS it exits anyway.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.draining = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.warn('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    try {
      await app.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST, backlog: config.LISTEN_BACKLOG });
  const port = (app.server.address() as { port: number }).port;
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`\n  Messenger is running: open http://${shown}:${port}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
