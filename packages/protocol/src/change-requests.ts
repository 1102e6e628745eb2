import { z } from 'zod';
import { ContentType } from './content-types.ts';
import { REACTION_EMOJIS } from './message-change.ts';

/*
 * The gateway requests that change a sent message (docs/api.md#message-changes). Each names its
 * target by conversation and seq, and carries an `opID` the client picks once per change: a retry
 * with the same opID answers the notice stored the first time and changes nothing more.
 */

const target = {
  conversationID: z.string().min(1).max(128),
  seq: z.number().int().min(1),
  opID: z.string().min(8).max(64),
};

/** Edit (1009): the new element of an own text (101) or @-text (106) message, checked by its type's schema. */
export const editSchema = z.object({
  ...target,
  contentType: z.union([z.literal(ContentType.Text), z.literal(ContentType.AtText)]),
  content: z.record(z.string().max(64), z.unknown()).refine((c) => Object.keys(c).length <= 16, {
    message: 'content: at most 16 fields',
  }),
});
export type EditReq = z.input<typeof editSchema>;

/** React (1010): put (added true) or take back (false) one of REACTION_EMOJIS. */
export const reactSchema = z.object({
  ...target,
  emoji: z.enum(REACTION_EMOJIS),
  added: z.boolean(),
});
export type ReactReq = z.input<typeof reactSchema>;
