import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { Header, WsPush } from '@im/protocol';
import { AccountLimits } from './account/account-limits.ts';
import { publicAccountRoutes, sessionAccountRoutes } from './account/account-routes.ts';
import { AccountService } from './account/account-service.ts';
import { codeDeliveryFor } from './account/code-delivery.ts';
import type { CodeDelivery } from './account/code-delivery.ts';
import { CodeService } from './account/code-service.ts';
import { InvitationService } from './account/invitation-service.ts';
import type { AppContext } from './app-context.ts';
import { HashGate } from './auth/hash-gate.ts';
import { loadJwtSecret } from './auth/jwt-secret.ts';
import { TokenService } from './auth/token-service.ts';
import { cachedRowLifetimeMs } from './bus/bus.ts';
import type { Bus, GroupListRef } from './bus/bus.ts';
import { callApiRoutes, callChatRoutes, createCalls, registerRoomSocket } from './call/calls.ts';
import type { CallOptions, Calls } from './call/calls.ts';
import type { Config } from './config/config.ts';
import { fastifyTrustProxy } from './config/trust-proxy.ts';
import { uploadRateLimits } from './file/upload-limits.ts';
import { createFileService, registerFileRoutes } from './file/file-routes.ts';
import { markReferenced } from './file/upload-records.ts';
import { referencedUploads } from './file/upload-references.ts';
import { sweepUploads, UPLOAD_SWEEP_INTERVAL_MS } from './file/upload-sweep.ts';
import { createContacts } from './friend/contacts.ts';
import { friendRoutes } from './friend/friend-routes.ts';
import { registerGateway } from './gateway/gateway.ts';
import { inTurn, TURN_BUDGET_MS, TurnBudget } from './http/turn-budget.ts';
import { ringingInvites } from './call/ringing-replay.ts';
import { createWebPush } from './web-push/web-push.ts';
import { webPushRoutes } from './web-push/web-push-routes.ts';
import type { WebPushSenderOptions } from './web-push/web-push-sender.ts';
import { groupRoutes } from './group/group-routes.ts';
import { createGroups } from './group/groups.ts';
import { tokenHook } from './http/auth-hook.ts';
import { installErrorHandling } from './http/envelope.ts';
import { closeConnectionsWhenClosing } from './http/closing-connections.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { BatchingMessageWriter } from './message/batching-writer.ts';
import { ThreadedMessageWriter } from './message/store-thread.ts';
import { unmapped } from './message/message-columns.ts';
import { ReadThread } from './storage/read-thread.ts';
import { createMessaging, messagingRoutes } from './message/messaging.ts';
import { retryingWriter } from './message/store-retry.ts';
import { BusPush } from './push/push.ts';
import { createReceipts, receiptRoutes, registerReceiptJobs } from './receipt/receipts.ts';
import type { Receipts } from './receipt/receipts.ts';
import { prepareDataDir } from './storage/data-dir.ts';
import { messagesFile, openDatabase } from './storage/database.ts';
import { purgeExpired } from './storage/purge-job.ts';
import { BusInvalidatedUserCache, MemoryUserCache } from './user/user-cache.ts';
import { OneToOneFactsCache } from './message/one-to-one-facts-cache.ts';
import { GroupMemberCache } from './group/group-member-cache.ts';
import { chatUserRoutes, imUserRoutes } from './user/user-routes.ts';
import { UserService } from './user/user-service.ts';
import { serveWebClient } from './web/web-client.ts';
import { Metrics, timedWriter } from './ops/metrics.ts';
import { registerOpsRoutes, startMetricsServer } from './ops/ops-routes.ts';
import { buildScaleParts } from './ops/scale-parts.ts';
import { debugLogRoutes } from './debug-log/debug-log-routes.ts';
import { DebugLogService } from './debug-log/debug-log-service.ts';
import { SEARCH_INDEX_INTERVAL_MS, startSearchIndex } from './search/search-index.ts';
import { searchRoutes } from './search/search-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The services and storage behind the routes (tests and operations reach them here). */
    messenger: AppContext;
    /** The call area (tests run its sweep and look into its rooms). */
    calls: Calls;
    /** This node's Prometheus registry (docs/operations.md#health-and-metrics). */
    metrics: Metrics;
    /** Set by a SIGTERM shutdown: /readyz answers 503 from then on. */
    draining: boolean;
  }
}

export interface AppOverrides {
  /** Where verification codes go (tests record them). */
  codeDelivery?: CodeDelivery;
  bus?: Bus;
  /** The call area's clock and timers (tests move and shorten them). */
  calls?: Partial<CallOptions>;
  /** The Web Push sender's TLS agent and timings (tests trust their local push endpoint). */
  webPush?: WebPushSenderOptions;
}

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

function operationID(request: { headers: Record<string, string | string[] | undefined> }): string {
  const header = request.headers[Header.operationID.toLowerCase()];
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 128 ? value : randomUUID();
}

/** Builds the whole messenger (chat service, IM API, gateway, web client) without listening. */
export async function buildApp(config: Config, overrides: AppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Every line names its node (docs/operations.md#logs); calls carry their operationID.
    logger: { level: config.LOG_LEVEL, base: { nodeId: config.NODE_ID } },
    genReqId: operationID,
    // Calls are logged with their operationID; page and asset loads (GET) are not.
    logController: new LogController({
      requestIdLogLabel: 'operationID',
      disableRequestLogging: (r) => r.method === 'GET',
    }),
    // X-Forwarded-For names the client only from the hops TRUST_PROXY trusts; by default the client is
    // the socket's peer, so no request picks its own rate-limit key (docs/operations.md#behind-a-proxy-trust_proxy).
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    // A client that trickles its request (slowloris) is answered 408 and its socket freed.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
  });
  closeConnectionsWhenClosing(app);
  installErrorHandling(app);
  await registerSecurityHeaders(app);
  prepareDataDir(config.DATA_DIR, app.log);
  const { db, dialect, pool } = await openDatabase(config);
  const searchIndex = await startSearchIndex(db, dialect, config.DATA_DIR);
  // SQLite stores plain sends on a thread of its own; PostgreSQL's driver already waits off the thread.
  const storeThread = dialect === 'sqlite' ? new ThreadedMessageWriter(db, messagesFile(config)) : undefined;
  const reads = dialect === 'sqlite' ? new ReadThread(messagesFile(config), unmapped(db)) : undefined;
  const metrics = new Metrics(config.NODE_ID, {
    processMetrics: Boolean(config.METRICS_TOKEN) || config.METRICS_PORT !== undefined,
  });
  const groupMembers = new GroupMemberCache(db);
  // In-process without REDIS_URL; Redis bus, presence, limiter and job locks with it. Group pushes
  // travel between nodes as the group's reference, resolved by each node's member lists.
  const groupLists = async ({ groupID, version }: GroupListRef) =>
    (await groupMembers.get(groupID, version))?.ids;
  const scale = await buildScaleParts(config, app.log, metrics, overrides.bus, groupLists).catch(
    async (error: unknown) => {
      await searchIndex.stop();
      await storeThread?.stop();
      await reads?.stop();
      await db.destroy();
      throw error;
    },
  );
  const { bus } = scale;
  const jwtSecret = loadJwtSecret(config.JWT_SECRET, config.DATA_DIR);
  const tokens = new TokenService(db, jwtSecret, config.TOKEN_TTL_DAYS);
  const socketPush = new BusPush(bus);
  tokens.onEnded((event) => socketPush.endSessions(event));
  // Web Push beside the sockets, for devices whose app is closed (docs/decisions.md#web-push).
  const webPush = createWebPush(
    app,
    { config, db, presence: scale.presence, tokens, push: socketPush },
    overrides.webPush,
  );
  const { push } = webPush;
  // The composition root: the stateful pieces are built here, once, behind their interfaces.
  const ctx: AppContext = {
    config,
    db,
    dialect,
    bus,
    push,
    tokens,
    limiter: scale.limiter,
    presence: scale.presence,
    jobs: scale.jobs,
    userCache: new BusInvalidatedUserCache(new MemoryUserCache(db, cachedRowLifetimeMs(bus)), bus),
    sendFacts: new OneToOneFactsCache(db, bus),
    groupMembers,
    searchIndex,
    reads,
    messageWriter: timedWriter(retryingWriter(storeThread ?? new BatchingMessageWriter(db)), metrics),
    log: app.log,
    turns: new TurnBudget(TURN_BUDGET_MS),
  };
  app.decorate('messenger', ctx);
  app.decorate('metrics', metrics);
  app.decorate('draining', false);
  ctx.jobs.every('purge', config.PURGE_INTERVAL_MS, async (now) => {
    const purged = await purgeExpired(db, now);
    if (purged.sessions + purged.codes > 0) app.log.info(purged, 'purged expired sessions and codes');
  });
  // SQLite's search index is filled in batches after the sends' commits (docs/decisions.md#message-search).
  if (dialect === 'sqlite')
    ctx.jobs.every('search-index', SEARCH_INDEX_INTERVAL_MS, () => searchIndex.catchUp());
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await scale.close();
    await bus.close();
    // Nothing left pending for a stopped database: its next start does not begin with a backlog.
    await searchIndex.stop();
    await storeThread?.stop();
    await reads?.stop();
    await db.destroy();
  });
  bus.subscribe('push', () => metrics.pushes.inc());
  if (pool) {
    metrics.gauge('im_db_pool_connections', 'PostgreSQL connections open', () => pool.totalCount);
    metrics.gauge('im_db_pool_idle', 'PostgreSQL connections idle', () => pool.idleCount);
    metrics.gauge('im_db_pool_waiting', 'Queries waiting for a connection', () => pool.waitingCount);
  }
  await registerOpsRoutes(app, { config, db, redis: scale.redis, metrics, closing: () => app.draining });
  await startMetricsServer(app, config, metrics);

  if (config.SUPER_CODE)
    app.log.warn(
      'SUPER_CODE is set (ALLOW_SUPER_CODE=1): anyone who knows it can register new accounts. ' +
        'Never run it in production (docs/operations.md#secrets-and-codes).',
    );
  const invitations = new InvitationService(db, config.INVITATION_CODES.length > 0);
  await invitations.seed(config.INVITATION_CODES);
  const accounts = new AccountService({
    db,
    tokens,
    codes: new CodeService(db, jwtSecret, config.SUPER_CODE),
    delivery: overrides.codeDelivery ?? codeDeliveryFor(config, app.log),
    invitations,
    limits: new AccountLimits(ctx.limiter, {
      perIp: config.ACCOUNT_LIMIT_PER_IP,
      perAccount: config.ACCOUNT_LIMIT_PER_ACCOUNT,
    }),
    hashGate: new HashGate(),
    scryptN: config.SCRYPT_N,
    registrationOpen: config.REGISTRATION === 'open',
  });
  const files = createFileService(config, db);
  const users = new UserService(ctx, files);
  const calls = createCalls(ctx, jwtSecret, overrides.calls);
  app.decorate('calls', calls);
  // The call area watches call signals on the online-only send path; the message area only holds the hook.
  const messaging = createMessaging(ctx, {
    onlineOnly: (caller, item) => calls.service.watchSignal(caller, item),
    // The file area keeps the uploads that stored messages refer to from its sweep.
    stored: (item) => markReferenced(db, referencedUploads(item)),
    // Read receipts hear of each read (built just below, on the messaging core).
    read: (reader, before, upTo) => receipts.receipts.afterRead(reader, before, upTo),
  });
  const receipts: Receipts = createReceipts(ctx, messaging);
  registerReceiptJobs(ctx, app.log);
  ctx.jobs.every('upload-sweep', UPLOAD_SWEEP_INTERVAL_MS, async (now) => {
    const deleted = await sweepUploads(db, files.storage, now);
    if (deleted.length > 0) app.log.info({ deleted: deleted.length }, 'unreferenced uploads deleted');
  });
  app.addHook('preClose', async () => {
    await ctx.jobs.stop();
    files.storage.close();
  });
  const contacts = createContacts(ctx, messaging);
  const groups = createGroups(ctx, messaging, files);

  await app.register(
    async (chat) => {
      publicAccountRoutes(chat, accounts);
      await chat.register(async (guarded) => {
        guarded.addHook('onRequest', inTurn(ctx.turns));
        guarded.addHook('onRequest', tokenHook(tokens, 'chat'));
        sessionAccountRoutes(guarded, accounts);
        chatUserRoutes(guarded, users);
        callChatRoutes(guarded, calls);
      });
    },
    { prefix: '/chat' },
  );
  await app.register(
    async (api) => {
      // Signed-in calls start within the turn budget; logins and sign-ups above do not wait behind them.
      api.addHook('onRequest', inTurn(ctx.turns));
      api.addHook('onRequest', tokenHook(tokens, 'im'));
      imUserRoutes(api, users);
      messagingRoutes(api, messaging);
      friendRoutes(api, contacts);
      groupRoutes(api, groups);
      receiptRoutes(api, receipts);
      callApiRoutes(api, ctx);
      debugLogRoutes(api, new DebugLogService(ctx));
      searchRoutes(api, ctx);
      webPushRoutes(api, webPush.store, webPush.publicKey);
    },
    { prefix: '/api' },
  );
  await registerFileRoutes(app, files, tokenHook(tokens, 'im'), uploadRateLimits(ctx));
  const sockets = await registerGateway(app, ctx, messaging, {}, (conn) => {
    // A device opened while a call rings for it (from the call's notification) rings too.
    ringingInvites(ctx, conn.userID, Date.now())
      .then((items) => {
        for (const data of items) conn.pushText(JSON.stringify({ reqIdentifier: WsPush.OnlineOnly, data }));
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'replaying ringing calls failed'));
  });
  metrics.gauge('im_gateway_sockets', 'Gateway sockets this node holds', () => sockets.all().length);
  registerRoomSocket(app, ctx, calls);
  await serveWebClient(app, config.WEB_DIST ?? defaultWebDist);
  return app;
}
