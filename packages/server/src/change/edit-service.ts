import { ContentType, EDIT_WINDOW_MS, ErrCode, messageContentSchemas, MsgFrom } from '@im/protocol';
import type { EditDetail, editSchema, MessageItem } from '@im/protocol';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import type { Caller } from '../message/message-service.ts';
import type { MessageRow } from '../message/message-row.ts';
import { rewriteMessage } from '../message/message-store.ts';
import { checkChangeAllowed, findChangeTarget, isGone, lockedTarget } from './change-target.ts';
import { recordChange } from './record-change.ts';
import type { ChangeDeps } from './record-change.ts';

const EDITABLE: ReadonlySet<number> = new Set([ContentType.Text, ContentType.AtText]);

/**
 * Edits (docs/api.md#message-changes, docs/product.md#edits-and-reactions): the author's own text or
 * @-text message, within EDIT_WINDOW_MS of its send, keeping its content type. The new element is
 * checked by the type's schema like a send. The message is rewritten in place (content, editTime) and
 * a silent 2160 notice carries an EditDetail. An edit never marks anyone @-mentioned again.
 */
export class EditService {
  readonly #deps: ChangeDeps;

  constructor(deps: ChangeDeps) {
    this.#deps = deps;
  }

  async edit(caller: Caller, req: z.output<typeof editSchema>): Promise<MessageItem> {
    const target = await findChangeTarget(this.#deps.db, caller.userID, req.conversationID, req.seq);
    // A revoked or burned message answers 1602 before anything about its (former) type.
    if (isGone(target)) throw new AppError(ErrCode.MESSAGE_GONE);
    checkEditable(caller.userID, target, req.contentType);
    await checkChangeAllowed(this.#deps.db, caller.userID, target);
    const content = parseContent(req.contentType, req.content);
    return recordChange(this.#deps, {
      caller,
      target,
      contentType: ContentType.MessageEdited,
      key: `edit-${target.serverMsgId}-${req.opID}`,
      apply: async (trx) => {
        await lockedTarget(trx, target);
        const editTime = Date.now();
        await rewriteMessage(trx, target.conversationId, target.seq, { content, editTime });
        const detail: EditDetail = {
          conversationID: target.conversationId,
          clientMsgID: target.clientMsgId,
          seq: target.seq,
          editorID: caller.userID,
          editTime,
          contentType: target.contentType,
          content,
        };
        return detail;
      },
    });
  }
}

function checkEditable(userID: string, target: MessageRow, contentType: number): void {
  if (target.sendId !== userID || target.msgFrom !== MsgFrom.User)
    throw new AppError(ErrCode.NO_PERMISSION, { detail: 'only the author can edit a message' });
  if (!EDITABLE.has(target.contentType))
    throw new AppError(ErrCode.NO_PERMISSION, { detail: 'only text messages can be edited' });
  if (contentType !== target.contentType)
    throw new AppError(ErrCode.ARGS, { detail: `contentType: the message is ${target.contentType}` });
  if (Date.now() - Number(target.sendTime) > EDIT_WINDOW_MS) throw new AppError(ErrCode.EDIT_WINDOW_PASSED);
}

/** The new element as stored: parsed by its type's schema (limits, defaults) like a send's. */
function parseContent(contentType: number, content: Record<string, unknown>): string {
  const parsed = messageContentSchemas[contentType].safeParse(content);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `.${issue.path.join('.')}` : '';
    throw new AppError(ErrCode.ARGS, { detail: `content${where}: ${issue?.message ?? 'invalid'}` });
  }
  return JSON.stringify(parsed.data);
}
