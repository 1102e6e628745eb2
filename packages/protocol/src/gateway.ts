import { z } from 'zod';

/** Request identifiers of the gateway (client → server), answered with the same reqIdentifier. */
export const WsReq = {
  GetMaxSeqs: 1001,
  PullMsgs: 1002,
  SendMsg: 1003,
  MarkAsRead: 1004,
  Typing: 1005,
  Revoke: 1006,
  SetBackground: 1007,
  Heartbeat: 1008,
} as const;

/** Push identifiers (server → client); a push has no msgIncr. */
export const WsPush = {
  NewMessage: 2001,
  KickOnline: 2002,
  TokenExpired: 2003,
  ConversationChanged: 2004,
  /** Typing and other online-only messages that are not stored. */
  OnlineOnly: 2005,
  /** Friend, group and profile events: { event, data }. */
  Notice: 2006,
} as const;

export interface WsRequest<T = unknown> {
  reqIdentifier: number;
  msgIncr: string;
  operationID: string;
  data: T;
}

export interface WsResponse<T = unknown> {
  reqIdentifier: number;
  msgIncr: string;
  operationID: string;
  errCode: number;
  errMsg: string;
  data?: T;
}

export interface WsPushFrame<T = unknown> {
  reqIdentifier: number;
  data: T;
}

export const wsRequestSchema = z.object({
  reqIdentifier: z.number().int(),
  msgIncr: z.string().max(64),
  operationID: z.string().max(128).default(''),
  data: z.unknown(),
});

/** Close codes the gateway uses beyond the standard ones. */
export const WsClose = {
  TooBig: 1009,
  Kicked: 4001,
  TokenExpired: 4002,
  Idle: 4003,
  RateLimited: 4008,
} as const;

export const GATEWAY_MAX_PAYLOAD = 1024 * 1024;

export const seqRangeSchema = z.object({
  conversationID: z.string().min(1).max(128),
  begin: z.number().int().min(1),
  end: z.number().int().min(1),
});

export const pullMsgsSchema = z.object({
  ranges: z.array(seqRangeSchema).min(1).max(100),
});

export const markAsReadSchema = z.object({
  conversationID: z.string().min(1).max(128),
  /** Read up to this seq; absent means everything. */
  hasReadSeq: z.number().int().min(0).optional(),
});

export const typingSchema = z.object({
  recvID: z.string().min(1).max(64),
  msgTips: z.string().max(64),
});

export const revokeSchema = z.object({
  conversationID: z.string().min(1).max(128),
  seq: z.number().int().min(1),
});

export const backgroundSchema = z.object({ isBackground: z.boolean() });

export interface MaxSeqsResp {
  maxSeqs: Record<string, number>;
  minSeqs: Record<string, number>;
  hasReadSeqs: Record<string, number>;
}
