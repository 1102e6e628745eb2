import { join } from 'node:path';
import { ErrCode, ObjectPath, uploadQuerySchema } from '@im/protocol';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config/config.ts';
import { AppError } from '../http/app-error.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import { FileService, UPLOAD_BODY_LIMIT } from './file-service.ts';
import { LocalFileStorage } from './local-file-storage.ts';

/** The app's file service: local disk under DATA_DIR/uploads (S3 when configured, later). */
export function createFileService(config: Pick<Config, 'DATA_DIR'>): FileService {
  return new FileService(new LocalFileStorage(join(config.DATA_DIR, 'uploads')));
}

/**
 * POST /api/object/upload (IM token, raw body) and GET /api/object/<name> (public: an <img> sends no
 * token header; names are unguessable). Served with the sniffed type and nosniff, so a browser never
 * reads the bytes as anything else.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  files: FileService,
  guard: onRequestAsyncHookHandler,
  limits: onRequestAsyncHookHandler,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.get<{ Params: { name: string } }>(`${ObjectPath.download}:name`, async (req, reply) => {
        const object = await files.open(req.params.name);
        if (!object) throw new AppError(ErrCode.NOT_FOUND, { detail: 'no such object' });
        return (
          reply
            .header('Content-Type', object.contentType)
            .header('Content-Length', object.size)
            .header('X-Content-Type-Options', 'nosniff')
            .header('Content-Security-Policy', "default-src 'none'; sandbox")
            .header('Cache-Control', 'public, max-age=31536000, immutable')
            // Public by design (an <img> of any allowed origin); the names are unguessable.
            .header('Cross-Origin-Resource-Policy', 'cross-origin')
            .send(object.stream)
        );
      });
      await scope.register(async (guarded) => {
        guarded.addHook('onRequest', guard);
        guarded.addHook('onRequest', limits);
        // The body is the file itself, whatever content-type the client claims; the bytes decide.
        guarded.removeAllContentTypeParsers();
        guarded.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
        guarded.post(ObjectPath.upload, { bodyLimit: UPLOAD_BODY_LIMIT }, async (req) => {
          const { purpose } = parse(uploadQuerySchema, req.query);
          return ok(await files.upload(purpose, req.body as Buffer | undefined));
        });
      });
    },
    { prefix: '/api' },
  );
}
