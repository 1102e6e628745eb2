import { afterAll, describe, expect, it, vi } from 'vitest';
import { WsClose } from '@im/protocol';
import { startTestServer } from '../src/testing.ts';
import type { TestServer } from '../src/testing.ts';
import { makeFriends } from './support/friends.ts';
import { GatewayClient } from './support/gateway.ts';
import { REGISTERING_ENV, registerUser } from './support/http.ts';
import { scaleServices, uniquePrefix, useNodes } from './support/nodes.ts';
import { startOwnRedis } from './support/own-redis.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Background jobs on N nodes (docs/operations.md#background-jobs): one node runs each, and it moves. */
describe.runIf(scaleServices)('background jobs on two nodes', () => {
  const { nodes } = useNodes(2, { env: { JOB_LOCK_TTL_MS: '600' } });

  it('runs a job on one node only, and on the other once that node stops', async () => {
    const runs: string[] = [];
    const register = (node: TestServer) =>
      node.app.messenger.jobs.every('test-job', 40, async () => {
        runs.push(node.config.NODE_ID);
      });
    // Node 2 registers first and takes the lock; node 1 then finds it held.
    register(nodes[1]);
    await vi.waitFor(() => expect(runs.length).toBeGreaterThan(0));
    register(nodes[0]);
    await sleep(700);
    expect(new Set(runs)).toEqual(new Set(['node-2']));
    expect(runs.length).toBeGreaterThan(5);

    await nodes[1].close();
    const before = runs.length;
    await vi.waitFor(() => expect(runs.slice(before)).toContain('node-1'), { timeout: 3000 });
    const after = runs.length;
    await sleep(300);
    expect(new Set(runs.slice(after))).toEqual(new Set(['node-1']));
  });
});

/** /healthz, /readyz and /metrics (docs/operations.md#health-and-metrics). */
describe.runIf(scaleServices)('health and metrics of a node', () => {
  const { nodes, connect, startNode } = useNodes(1, { env: { METRICS_TOKEN: 'metrics-secret' } });

  it('answers /healthz and /readyz with the database and Redis reachable', async () => {
    const live = await fetch(`${nodes[0].url}/healthz`);
    expect(live.status).toBe(200);
    const ready = await fetch(`${nodes[0].url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ready',
      node: 'node-1',
      checks: { database: 'ok', redis: 'ok' },
    });
  });

  it('serves /metrics only with the token, with sockets, stores and pushes', async () => {
    const alice = await registerUser(nodes[0]);
    const bob = await registerUser(nodes[0]);
    await makeFriends(nodes[0], alice, bob);
    const a = await connect(0, alice);
    await connect(0, bob);
    await a.sendText(bob.userID, 'hi');
    expect((await fetch(`${nodes[0].url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${nodes[0].url}/metrics`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const scraped = await fetch(`${nodes[0].url}/metrics`, {
      headers: { authorization: 'Bearer metrics-secret' },
    });
    expect(scraped.status).toBe(200);
    const text = await scraped.text();
    expect(text).toMatch(/^im_gateway_sockets\{node="node-1"\} 2$/m);
    expect(text).toMatch(/^im_messages_stored_total\{node="node-1"\} [1-9]/m);
    expect(text).toMatch(/^im_message_store_seconds_count\{node="node-1"\} [1-9]/m);
    expect(text).toMatch(/^im_pushes_total\{node="node-1"\} [1-9]/m);
    expect(text).toMatch(/^im_db_pool_connections\{node="node-1"\} \d+$/m);
    expect(text).toContain('im_bus_lag_seconds');
    expect(text).toMatch(/^process_cpu_seconds_total\{node="node-1"\} /m);
  });

  it('serves /metrics on METRICS_PORT instead, and never without a token on the app port', async () => {
    const node = await startNode({ METRICS_TOKEN: '', METRICS_PORT: '0' });
    expect((await fetch(`${node.url}/metrics`)).status).toBe(404);
    const server = (node.app as unknown as { metricsServer: { server: { address(): { port: number } } } })
      .metricsServer;
    const port = server.server.address().port;
    const scraped = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(scraped.status).toBe(200);
    expect(await scraped.text()).toContain('im_gateway_sockets{node="node-2"}');
  });
});

/** A node whose Redis goes away is not ready; once it is back, it is (docs/operations.md#health-and-metrics). */
describe('readiness follows Redis', () => {
  let redis: Awaited<ReturnType<typeof startOwnRedis>> | undefined;
  let node: TestServer | undefined;
  afterAll(async () => {
    await node?.close();
    await redis?.stop();
  });

  it('answers 503 on /readyz while Redis is unreachable, and 200 on /healthz', async () => {
    redis = await startOwnRedis();
    node = await startTestServer({
      env: { ...REGISTERING_ENV, REDIS_URL: redis.url, REDIS_PREFIX: uniquePrefix(), NODE_ID: 'lonely' },
    });
    expect((await fetch(`${node.url}/readyz`)).status).toBe(200);
    await redis.stop();
    const answer = await fetch(`${node.url}/readyz`);
    expect(answer.status).toBe(503);
    expect(await answer.json()).toMatchObject({ status: 'unavailable', checks: { database: 'ok' } });
    expect((await fetch(`${node.url}/healthz`)).status).toBe(200);
  });
});

/** Closing a node (what SIGTERM does) tells its sockets to reconnect elsewhere. */
describe('graceful close', () => {
  it('closes gateway sockets with 1012 "service restart" and answers 503 on /readyz while draining', async () => {
    const node = await startTestServer({ env: REGISTERING_ENV });
    const user = await registerUser(node);
    const socket = await GatewayClient.open(node, user);
    node.app.draining = true;
    expect((await fetch(`${node.url}/readyz`)).status).toBe(503);
    await node.close();
    expect((await socket.closed).code).toBe(WsClose.ServiceRestart);
  });

  it('lets a send in flight finish and answer before the socket closes', async () => {
    const node = await startTestServer({ env: REGISTERING_ENV });
    const alice = await registerUser(node);
    const bob = await registerUser(node);
    await makeFriends(node, alice, bob);
    const socket = await GatewayClient.open(node, alice);
    // The store is slowed down, so that the close starts while the send is being stored.
    const ctx = node.app.messenger;
    const writer = ctx.messageWriter;
    let entered!: () => void;
    const storing = new Promise<void>((resolve) => (entered = resolve));
    ctx.messageWriter = {
      async store(draft, options) {
        entered();
        await sleep(300);
        return writer.store(draft, options);
      },
    };
    const sending = socket.sendText(bob.userID, 'last words');
    await storing;
    const closing = node.close();
    expect((await sending).seq).toBeGreaterThan(0);
    expect((await socket.closed).code).toBe(WsClose.ServiceRestart);
    await closing;
  });
});
