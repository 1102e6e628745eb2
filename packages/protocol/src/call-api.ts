/**
 * The server's schemas for the calls API (docs/api.md): the records call and the room service's
 * client frames. Server-side parsing only; the types the web needs are in call.ts, without zod.
 */
import { z } from 'zod';
import { CALL_RECORD_FILTERS, type CallRecordFilter } from './call.ts';

/** An SDP of a one-to-one call stays well below this; the frame as a whole is limited to 64 KiB. */
const ROOM_SDP_MAX = 60 * 1024;

export const getCallRecordsSchema = z.object({
  filter: z.enum(CALL_RECORD_FILTERS as [CallRecordFilter, ...CallRecordFilter[]]).default('all'),
  pagination: z
    .object({
      pageNumber: z.number().int().min(1).max(100_000).default(1),
      showNumber: z.number().int().min(1).max(100).default(20),
    })
    .default({ pageNumber: 1, showNumber: 20 }),
});

const descriptionSchema = z.object({
  type: z.enum(['offer', 'answer', 'pranswer', 'rollback']),
  sdp: z.string().max(ROOM_SDP_MAX).optional(),
});

const candidateSchema = z.object({
  candidate: z.string().max(1024).optional(),
  sdpMid: z.string().max(64).nullable().optional(),
  sdpMLineIndex: z.number().int().nullable().optional(),
  usernameFragment: z.string().max(256).nullable().optional(),
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
