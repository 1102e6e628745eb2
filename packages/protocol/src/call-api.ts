/**
 * The server's schemas for the calls API (docs/api.md): the records call and the room service's
 * client frames. Server-side parsing only; the types the web needs are in call.ts, without zod.
 */
import { z } from 'zod';
import { CALL_RECORD_FILTERS, type CallRecordFilter } from './call.ts';

export const getCallRecordsSchema = z.object({
  filter: z.enum(CALL_RECORD_FILTERS as [CallRecordFilter, ...CallRecordFilter[]]).default('all'),
  pagination: z
    .object({
      pageNumber: z.number().int().min(1).default(1),
      showNumber: z.number().int().min(1).max(100).default(20),
    })
    .default({ pageNumber: 1, showNumber: 20 }),
});

const descriptionSchema = z.object({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().optional(),
});

const candidateSchema = z.object({
  candidate: z.string().optional(),
  sdpMid: z.string().nullable().optional(),
  sdpMLineIndex: z.number().int().nullable().optional(),
  usernameFragment: z.string().nullable().optional(),
});

/** A frame a participant sends to the room service; anything else closes the socket with 1008. */
export const roomClientFrameSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('signal'),
    data: z.object({
      description: descriptionSchema.optional(),
      candidate: candidateSchema.nullable().optional(),
    }),
  }),
  z.object({ type: z.literal('leave') }),
]);
