import { ContentType } from '@im/protocol';
import type { MessageItem, MessageReaction, ReactionDetail, reactSchema } from '@im/protocol';
import type { z } from 'zod';
import type { Caller } from '../message/message-service.ts';
import { rewriteMessage } from '../message/message-store.ts';
import { checkChangeAllowed, findChangeTarget, lockedTarget } from './change-target.ts';
import { recordChange } from './record-change.ts';
import type { ChangeDeps } from './record-change.ts';

/**
 * Reactions (docs/api.md#message-changes, docs/product.md#edits-and-reactions): any participant puts
 * one of REACTION_EMOJIS on a message or takes it back. The totals are computed from the row read
 * inside the storing transaction, so two people reacting at once both count; the 2161 notice carries
 * them whole (ReactionDetail.reactions), so a device applies the latest one it holds.
 */
export class ReactionService {
  readonly #deps: ChangeDeps;

  constructor(deps: ChangeDeps) {
    this.#deps = deps;
  }

  async react(caller: Caller, req: z.output<typeof reactSchema>): Promise<MessageItem> {
    const target = await findChangeTarget(this.#deps.db, caller.userID, req.conversationID, req.seq);
    await checkChangeAllowed(this.#deps.db, caller.userID, target);
    return recordChange(this.#deps, {
      caller,
      target,
      contentType: ContentType.ReactionChanged,
      key: `react-${target.serverMsgId}-${req.opID}`,
      apply: async (trx) => {
        const row = await lockedTarget(trx, target);
        const current = row.reactions ? (JSON.parse(row.reactions) as MessageReaction[]) : [];
        const reactions = withReaction(current, caller.userID, req.emoji, req.added);
        await rewriteMessage(trx, target.conversationId, target.seq, {
          reactions: reactions.length ? JSON.stringify(reactions) : '',
        });
        const detail: ReactionDetail = {
          conversationID: target.conversationId,
          clientMsgID: target.clientMsgId,
          seq: target.seq,
          userID: caller.userID,
          emoji: req.emoji,
          added: req.added,
          reactions,
        };
        return detail;
      },
    });
  }
}

/** The reactions after one user adds or takes back an emoji; an emoji nobody holds any more goes. */
export function withReaction(
  current: MessageReaction[],
  userID: string,
  emoji: string,
  added: boolean,
): MessageReaction[] {
  const others = (r: MessageReaction) => r.userIDs.filter((id) => id !== userID);
  const next = current.map((r) =>
    r.emoji !== emoji ? r : { emoji, userIDs: added ? [...others(r), userID] : others(r) },
  );
  if (added && !next.some((r) => r.emoji === emoji)) next.push({ emoji, userIDs: [userID] });
  return next.filter((r) => r.userIDs.length > 0);
}
