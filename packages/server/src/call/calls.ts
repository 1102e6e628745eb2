import { ChatPath, ErrCode, getCallRecordsSchema, ImPath, RTC_PATH, rtcTokenSchema } from '@im/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context.ts';
import { originAllowed } from '../gateway/upgrade-guard.ts';
import { AppError } from '../http/app-error.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import { findCall } from './call-queries.ts';
import { callRecords } from './call-records.ts';
import { CallService, DEFAULT_CALL_GRACE_MS } from './call-service.ts';
import { iceServersFor } from './ice-servers.ts';
import { DEFAULT_ROOM_LIMITS, RoomService } from './room-service.ts';
import type { RoomLimits } from './room-service.ts';
import { RoomTokens } from './room-token.ts';
import type { RoomGrant } from './room-token.ts';

/** Options of the call area; tests move the clock and shorten the timers. */
export interface CallOptions {
  now: () => number;
  /** How long after an invitation's timeout the server ends an unanswered call. */
  graceMs: number;
  /** Period of the sweep that ends what no node's timer ended. */
  sweepIntervalMs: number;
  roomLimits: RoomLimits;
}

export const DEFAULT_CALL_OPTIONS: CallOptions = {
  now: () => Date.now(),
  graceMs: DEFAULT_CALL_GRACE_MS,
  sweepIntervalMs: 30_000,
  roomLimits: DEFAULT_ROOM_LIMITS,
};

/** The call area, built once by the composition root (src/app.ts). */
export interface Calls {
  service: CallService;
  rooms: RoomService;
  tokens: RoomTokens;
  options: CallOptions;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The room and user of a room socket, checked before the upgrade. */
    roomGrant?: RoomGrant;
  }
}

export function createCalls(
  ctx: Pick<AppContext, 'db' | 'bus' | 'messageWriter' | 'userCache' | 'push' | 'log'>,
  secret: Uint8Array,
  overrides: Partial<CallOptions> = {},
): Calls {
  const options = { ...DEFAULT_CALL_OPTIONS, ...overrides };
  const tokens = new RoomTokens(secret, options.now);
  const service = new CallService(ctx, tokens, options);
  const rooms = new RoomService(ctx.bus, options.roomLimits, (room) => {
    service
      .roomEmptied(room)
      .catch((error: unknown) => ctx.log.error({ err: error, room }, 'ending a call failed'));
  });
  return { service, rooms, tokens, options };
}

/** `/chat/user/rtc/get_token`; register inside the /chat scope behind the chat token hook. */
export function callChatRoutes(app: FastifyInstance, { service }: Calls): void {
  app.post(ChatPath.rtcToken, async (req) =>
    ok(await service.token(req.auth.userID, parse(rtcTokenSchema, req.body))),
  );
}

/** `/call/get_records`; register inside the /api scope behind the IM token hook. */
export function callApiRoutes(app: FastifyInstance, { db }: Pick<AppContext, 'db'>): void {
  app.post(ImPath.getCallRecords, async (req) =>
    ok(await callRecords(db, req.auth.userID, parse(getCallRecordsSchema, req.body))),
  );
}

function first(value: unknown): string | undefined {
  const one: unknown = Array.isArray(value) ? value[0] : value;
  return typeof one === 'string' ? one : undefined;
}

/**
 * The room service socket `GET /rtc?token=` (docs/api.md#room-service-rtc), after the gateway
 * registered @fastify/websocket. Checked before the upgrade, as the gateway is: a foreign Origin gets
 * 403, a missing, bad or expired token 401, a room that is over (or not the user's) 403.
 */
export function registerRoomSocket(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'config' | 'jobs'>,
  { service, rooms, tokens, options }: Calls,
): void {
  const guard = async (request: FastifyRequest): Promise<void> => {
    const origin = first(request.headers.origin);
    if (!originAllowed(origin, [first(request.headers.host), request.host], ctx.config.ALLOWED_ORIGINS))
      throw new AppError(ErrCode.NO_PERMISSION, { detail: `origin ${origin} is not allowed` });
    const grant = await tokens.verify(first((request.query as Record<string, unknown> | undefined)?.token));
    const call = await findCall(ctx.db, grant.room);
    if (!call || !service.isParticipant(call, grant.userID))
      throw new AppError(ErrCode.NO_PERMISSION, { detail: 'the room is over or not yours' });
    request.roomGrant = grant;
  };
  app.get(RTC_PATH, { websocket: true, preValidation: guard }, (socket, request) => {
    rooms.join(
      socket,
      request.roomGrant!,
      iceServersFor(ctx.config, request.roomGrant!.userID, options.now()),
    );
  });
  // One node sweeps at a time (docs/operations.md#background-jobs); each node's own timers still end
  // its calls on time.
  ctx.jobs.every('call-sweep', options.sweepIntervalMs, () => service.sweep());
  app.addHook('preClose', async () => {
    rooms.closeAll();
  });
}
