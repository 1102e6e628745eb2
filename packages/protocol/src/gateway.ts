import { z } from 'zod';

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
