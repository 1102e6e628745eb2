import { ContentType, ErrCode, isNotification, messageContentSchemas } from '@im/protocol';
import type { sendMsgSchema } from '@im/protocol';
import type { z } from 'zod';
import { AppError } from '../http/app-error.ts';

export type SendRequest = z.output<typeof sendMsgSchema>;

/** clientMsgIDs the server makes (notices, notifications) start with this; clients may not use it. */
export const SERVER_ID_PREFIX = 'srv:';

/**
 * A client's SendMsg data, already parsed by sendMsgSchema (the gateway table's schema), checked
 * whole: the element by the schema of its content type (normalized, e.g. defaults filled).
 * Notification types are made by the server only; typing is online-only by nature; a type without a
 * schema is not sendable yet.
 */
export function checkSendRequest(req: SendRequest): SendRequest {
  if (req.clientMsgID.startsWith(SERVER_ID_PREFIX))
    throw new AppError(ErrCode.ARGS, { detail: `clientMsgID: the prefix ${SERVER_ID_PREFIX} is reserved` });
  if (isNotification(req.contentType))
    throw new AppError(ErrCode.ARGS, {
      detail: `contentType: ${req.contentType} is made by the server only`,
    });
  const schema = messageContentSchemas[req.contentType];
  if (!schema)
    throw new AppError(ErrCode.ARGS, { detail: `contentType: ${req.contentType} is not supported` });
  if (req.contentType === ContentType.Typing && !req.isOnlineOnly)
    throw new AppError(ErrCode.ARGS, { detail: 'contentType: typing is online-only' });
  const content = schema.safeParse(req.content);
  if (!content.success) {
    const issue = content.error.issues[0];
    const where = issue?.path.length ? `.${issue.path.join('.')}` : '';
    throw new AppError(ErrCode.ARGS, { detail: `content${where}: ${issue?.message ?? 'invalid'}` });
  }
  return { ...req, content: content.data as Record<string, unknown> };
}
