import { afterEach, describe, expect, it, vi } from 'vitest';
import { WsClose, WsReq } from '@im/protocol';
import { backoffCap, backoffDelay } from '../src/connection/backoff.ts';
import { Connection } from '../src/connection/connection.ts';
import { ConnectionState } from '../src/connection/connection-state.ts';
import { gatewayUrl } from '../src/connection/gateway-url.ts';
import { LoginStatus } from '../src/login-status.ts';
import { FakeGateway } from './support/fake-gateway.ts';
import { loginClient, synced } from './support/harness.ts';
import type { TestClient } from './support/harness.ts';

const open: TestClient[] = [];
async function login(...args: Parameters<typeof loginClient>) {
  const t = await loginClient(...args);
  open.push(t);
  return t;
}
afterEach(async () => {
  for (const t of open.splice(0)) await t.client.logout();
});
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('backoff', () => {
  const options = { baseMs: 100, maxMs: 5_000 };

  it('grows exponentially up to the bound', () => {
    const caps = Array.from({ length: 10 }, (_, attempt) => backoffCap(attempt, options));
    expect(caps).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000, 5000, 5000]);
  });

  it('keeps half of the cap fixed and jitters the other half', () => {
    expect(backoffDelay(3, { ...options, random: () => 0 })).toBe(400);
    expect(backoffDelay(3, { ...options, random: () => 0.999999 })).toBe(800);
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(3, options)));
    expect(delays.size).toBeGreaterThan(1);
    for (const delay of delays) expect(delay).toBeGreaterThanOrEqual(400);
  });

  it('never exceeds maxMs however many attempts failed', () => {
    for (const attempt of [20, 100, 10_000]) {
      expect(backoffDelay(attempt, { ...options, random: () => 0.999999 })).toBeLessThanOrEqual(5_000);
    }
  });
});

describe('connection', () => {
  it('builds the gateway URL of docs/sdk.md#gateway-contract-msg_gateway', () => {
    const url = new URL(gatewayUrl('ws://h/msg_gateway', { token: 't k', userID: 'u1' }));
    expect(url.pathname).toBe('/msg_gateway');
    expect(url.searchParams.get('token')).toBe('t k');
    expect(url.searchParams.get('sendID')).toBe('u1');
    expect(url.searchParams.get('platformID')).toBe('5');
    expect(url.searchParams.get('operationID')).toBeTruthy();
  });

  it('correlates answers by msgIncr and times out a request that gets none', async () => {
    const gateway = new FakeGateway();
    const user = gateway.state.addUser('u1');
    const states: number[] = [];
    const connection = new Connection({
      url: () => gatewayUrl('ws://fake/msg_gateway', { token: user.token, userID: 'u1' }),
      WebSocket: gateway.WebSocket,
      requestTimeoutMs: 50,
    });
    connection.on('state', (state) => void states.push(state));
    await expect(connection.request(WsReq.Heartbeat, {})).rejects.toMatchObject({ errCode: -1 });
    connection.connect();
    await vi.waitFor(() => expect(connection.state).toBe(ConnectionState.Connected));
    const [a, b] = await Promise.all([
      connection.request(WsReq.GetMaxSeqs, {}),
      connection.request(WsReq.Heartbeat, {}),
    ]);
    expect(a).toEqual({ maxSeqs: {}, minSeqs: {}, hasReadSeqs: {} });
    expect(b).toEqual({});
    gateway.dropAck = () => true;
    await expect(connection.request(WsReq.Heartbeat, {})).rejects.toMatchObject({ errCode: -2 });
    connection.close();
    expect(states).toEqual([ConnectionState.Connecting, ConnectionState.Connected, ConnectionState.Closed]);
  });

  it('finds a dead socket by its silence and reconnects', async () => {
    const gateway = new FakeGateway();
    const t = await login(gateway, 'bob', { messaging: { heartbeat: { intervalMs: 20, deadAfterMs: 80 } } });
    await synced(t);
    for (const socket of gateway.socketsOf('bob')) socket.silent = true;
    await vi.waitFor(() => expect(gateway.connectAttempts.get('bob')).toBe(2));
    await vi.waitFor(() => expect(t.client.getConnectionState()).toBe(ConnectionState.Connected));
    expect(t.log.of('connectionStateChanged')).toContain(ConnectionState.Reconnecting);
  });

  it('reconnects after a lost socket, announcing connecting and connectSuccess', async () => {
    const gateway = new FakeGateway();
    const t = await login(gateway, 'bob');
    await synced(t);
    gateway.disconnect('bob');
    await vi.waitFor(() => expect(t.log.of('connectSuccess')).toHaveLength(2));
    expect(t.log.of('connecting').length).toBeGreaterThanOrEqual(2);
  });

  it('reconnects when a node stops and closes its socket with 1012 "service restart"', async () => {
    const gateway = new FakeGateway();
    const t = await login(gateway, 'bob');
    await synced(t);
    for (const socket of gateway.socketsOf('bob'))
      socket.serverClose(WsClose.ServiceRestart, 'server restarting');
    await vi.waitFor(() => expect(t.log.of('connectSuccess')).toHaveLength(2));
    expect(t.log.of('kickedOffline')).toHaveLength(0);
    expect(t.log.of('connectionStateChanged')).toContain(ConnectionState.Reconnecting);
  });

  it('on a kick emits kickedOffline once, logs out and never reconnects', async () => {
    const gateway = new FakeGateway();
    const t = await login(gateway, 'bob');
    await synced(t);
    gateway.kick('bob');
    await vi.waitFor(() => expect(t.log.of('kickedOffline')).toHaveLength(1));
    expect(t.client.getLoginStatus()).toBe(LoginStatus.Logout);
    await pause(150); // many backoff periods
    expect(gateway.connectAttempts.get('bob')).toBe(1);
    expect(t.log.of('kickedOffline')).toHaveLength(1);
    expect(t.log.of('tokenExpired')).toHaveLength(0);
  });

  it('on a token-expired frame emits tokenExpired and never reconnects', async () => {
    const gateway = new FakeGateway();
    const t = await login(gateway, 'bob');
    await synced(t);
    gateway.expireToken('bob');
    await vi.waitFor(() => expect(t.log.of('tokenExpired')).toHaveLength(1));
    await pause(150);
    expect(gateway.connectAttempts.get('bob')).toBe(1);
  });

  it('a refused upgrade with a refused token is connectFailed 705, final', async () => {
    const gateway = new FakeGateway();
    const t = await login(gateway, 'bob');
    await synced(t);
    const user = gateway.state.users.get('bob')!;
    user.token = 'revoked';
    gateway.disconnect('bob');
    await vi.waitFor(() =>
      expect(t.log.of('connectFailed')).toContainEqual({ errCode: 705, errMsg: 'login expired' }),
    );
    expect(t.log.of('connectionStateChanged').at(-1)).toBe(ConnectionState.Closed);
    expect(t.client.getLoginStatus()).toBe(LoginStatus.Logout);
    expect(t.log.of('tokenExpired')).toHaveLength(0);
    await pause(150);
    expect(gateway.connectAttempts.get('bob')).toBe(2);
  });

  it('keeps retrying with backoff while the network is down, and recovers', async () => {
    const gateway = new FakeGateway();
    const t = await login(gateway, 'bob');
    await synced(t);
    gateway.offline.add('bob');
    gateway.disconnect('bob');
    await vi.waitFor(() => expect(gateway.connectAttempts.get('bob')).toBeGreaterThanOrEqual(4));
    expect(t.log.of('connectFailed').every((f) => f.errCode === -1)).toBe(true);
    gateway.offline.delete('bob');
    await vi.waitFor(() => expect(t.client.getConnectionState()).toBe(ConnectionState.Connected));
  });
});
