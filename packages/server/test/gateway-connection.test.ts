import { describe, expect, it, vi } from 'vitest';
import { ErrCode, GATEWAY_MAX_PAYLOAD, WsClose, WsPush, WsReq } from '@im/protocol';
import type { LoginResp } from '@im/protocol';
import { GatewayClient, sessionQuery, upgradeStatus } from './support/gateway.ts';
import { findFullInfo, post, registerUser } from './support/http.ts';
import { useSuiteServer } from './support/suite-server.ts';

/** The gateway's door and its closes: auth before the upgrade, origins, frame size, rate, kicks. */
describe('gateway connection', () => {
  const { server } = useSuiteServer({ env: { ALLOWED_ORIGINS: 'https://app.example.com' } });

  it('refuses the upgrade without a token (401, no socket)', async () => {
    expect(await upgradeStatus(server, { sendID: 'x', platformID: '5', operationID: 'o' })).toBe(401);
  });

  it('refuses a bad token and a token of another user (401)', async () => {
    const user = await registerUser(server);
    const other = await registerUser(server);
    const query = sessionQuery(user);
    expect(await upgradeStatus(server, { ...query, token: `${user.imToken}x` })).toBe(401);
    expect(await upgradeStatus(server, { ...query, token: 'not-a-jwt' })).toBe(401);
    expect(await upgradeStatus(server, { ...query, sendID: other.userID })).toBe(401);
    // The chat token is not an IM token.
    expect(await upgradeStatus(server, { ...query, token: user.chatToken })).toBe(401);
    expect(await upgradeStatus(server, query)).toBe(101);
  });

  it('checks Origin: the own host and ALLOWED_ORIGINS pass, a foreign page gets 403, none passes', async () => {
    const query = sessionQuery(await registerUser(server));
    expect(await upgradeStatus(server, query, { Origin: `http://${server.host}` })).toBe(101);
    expect(await upgradeStatus(server, query, { Origin: 'https://app.example.com' })).toBe(101);
    expect(await upgradeStatus(server, query, { Origin: 'https://evil.example.net' })).toBe(403);
    expect(await upgradeStatus(server, query)).toBe(101);
  });

  it('starts upgrades, frames and signed-in calls within the turn budget, and logins outside it', async () => {
    const user = await registerUser(server);
    // Every start of these goes through the budget (src/http/turn-budget.ts); a login never waits behind them.
    const pass = vi.spyOn(server.app.messenger.turns, 'pass');
    try {
      const client = await GatewayClient.open(server, user);
      expect(pass).toHaveBeenCalledTimes(1);
      expect(await client.request(WsReq.Heartbeat, {})).toMatchObject({ errCode: 0 });
      expect(pass).toHaveBeenCalledTimes(2);
      expect(await findFullInfo(server, user, user.userID)).toMatchObject({ errCode: 0 });
      expect(pass).toHaveBeenCalledTimes(3);
      const login = await post<LoginResp>(server, '/chat/account/login', {
        email: user.email,
        password: user.password,
        platform: 2,
      });
      expect(login.errCode).toBe(0);
      expect(pass).toHaveBeenCalledTimes(3);
      await client.close();
    } finally {
      pass.mockRestore();
    }
  });

  it('answers frames in order, with clear errors for bad frames and unknown requests', async () => {
    const client = await GatewayClient.open(server, await registerUser(server));
    expect(await client.request(WsReq.Heartbeat, {})).toMatchObject({ errCode: 0, msgIncr: 'm1' });
    const unknown = await client.request(4242, {});
    expect(unknown).toMatchObject({ reqIdentifier: 4242, errCode: ErrCode.ARGS });
    expect(unknown.errMsg).toContain('unknown reqIdentifier');
    const bad = await client.request(WsReq.PullMsgs, { ranges: 'all' });
    expect(bad.errCode).toBe(ErrCode.ARGS);
    expect(bad.errMsg).toContain('ranges');
    await client.close();
  });

  it('closes with 1009 on a frame above 1 MiB', async () => {
    const client = await GatewayClient.open(server, await registerUser(server));
    client.ws.send('x'.repeat(GATEWAY_MAX_PAYLOAD + 1));
    expect((await client.closed).code).toBe(WsClose.TooBig);
  });

  it('closes a socket that floods frames with 4008', async () => {
    const client = await GatewayClient.open(server, await registerUser(server));
    const frame = JSON.stringify({ reqIdentifier: WsReq.Heartbeat, msgIncr: 'h', operationID: '', data: {} });
    for (let i = 0; i < 400; i += 1) client.ws.send(frame);
    expect((await client.closed).code).toBe(WsClose.RateLimited);
  });

  it('kicks the older socket on a second login on the same platform (2002, then close 4001)', async () => {
    const user = await registerUser(server);
    const first = await GatewayClient.open(server, user);
    const login = await post<LoginResp>(server, '/chat/account/login', {
      email: user.email,
      password: user.password,
      platform: 5,
    });
    expect(login.errCode).toBe(0);
    expect((await first.closed).code).toBe(WsClose.Kicked);
    expect(first.pushesOf(WsPush.KickOnline)).toHaveLength(1);
    expect(await upgradeStatus(server, sessionQuery(user))).toBe(401);
    const second = await GatewayClient.open(server, login.data!);
    expect((await second.request(WsReq.Heartbeat, {})).errCode).toBe(0);
    await second.close();
  });

  it('ends the socket of a logged-out session with 2003 and close 4002', async () => {
    const user = await registerUser(server);
    const client = await GatewayClient.open(server, user);
    expect((await post(server, '/chat/account/logout', {}, user.chatToken)).errCode).toBe(0);
    expect((await client.closed).code).toBe(WsClose.TokenExpired);
    expect(client.pushesOf(WsPush.TokenExpired)).toHaveLength(1);
  });
});
