import { buildApp } from './app.ts';
import { loadConfig } from './config/config.ts';

/** Starts the messenger: `node packages/server/src/server.ts` (what `npm start` runs). */
async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    // Sockets get a close frame and clients reconnect elsewhere; nothing stored is lost.
    const timer = setTimeout(() => process.exit(1), 10_000);
    await app.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  const shown = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  console.log(`\n  Messenger is running: open http://${shown}:${port}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
