import { DebugLogPath, uploadDebugLogSchema } from '@im/protocol';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import type { DebugLogService } from './debug-log-service.ts';

/** The debug log upload on the IM API (IM token; docs/api.md#debug-logs). */
export function debugLogRoutes(app: FastifyInstance, logs: DebugLogService): void {
  app.post(DebugLogPath.upload, async (req) =>
    ok(await logs.upload(req.auth, parse(uploadDebugLogSchema, req.body))),
  );
}
