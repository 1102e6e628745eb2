import { afterAll, beforeAll } from 'vitest';
import { deferredTestServer } from '../../src/testing.ts';
import type { TestServer, TestServerOptions } from '../../src/testing.ts';
import { GatewayClient } from './gateway.ts';
import type { Session } from './gateway.ts';
import { REGISTERING_ENV } from './http.ts';

export interface SuiteServer {
  /** The block's server; its fields are there once the block's beforeAll hooks ran. */
  server: TestServer;
  /** A gateway socket of the user (platform 5 unless told), closed with the server. */
  connect(user: Session, options?: { platformID?: number }): Promise<GatewayClient>;
}

/**
 * One real server for the enclosing describe block, with the super code so its tests can register
 * users (REGISTERING_ENV): started before the block's tests, closed after them with every socket `connect` opened.
 */
export function useSuiteServer(
  options: Pick<TestServerOptions, 'database' | 'env' | 'calls' | 'webPush'> = {},
): SuiteServer {
  const { server, start } = deferredTestServer();
  const open: GatewayClient[] = [];
  beforeAll(() =>
    start({
      database: options.database,
      env: { ...REGISTERING_ENV, ...options.env },
      calls: options.calls,
      webPush: options.webPush,
    }),
  );
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()));
    await server.close();
  });
  // An options object, not a bare number, so that `users.map(connect)` cannot pass indexes as platforms.
  const connect = async (user: Session, options: { platformID?: number } = {}) => {
    const client = await GatewayClient.open(server, user, options.platformID);
    open.push(client);
    return client;
  };
  return { server, connect };
}
