import { historySchema, ImPath } from '@im/protocol';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import type { MessageService } from './message-service.ts';

/** The message calls of the IM API (prefix /api, IM token). */
export function messageRoutes(app: FastifyInstance, messages: MessageService): void {
  app.post(ImPath.getHistory, async (req) =>
    ok(await messages.history(req.auth.userID, parse(historySchema, req.body))),
  );
}
