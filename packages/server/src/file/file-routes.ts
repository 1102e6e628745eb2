import { join } from 'node:path';
import { ErrCode, ObjectPath, uploadQuerySchema } from '@im/protocol';
import type { UploadPurposeValue } from '@im/protocol';
import type { FastifyInstance, FastifyReply, onRequestAsyncHookHandler } from 'fastify';
import type { Config } from '../config/config.ts';
import { AppError } from '../http/app-error.ts';
import { ok } from '../http/envelope.ts';
import { parse } from '../http/validate.ts';
import type { Database } from '../storage/database.ts';
import { contentDisposition } from './content-disposition.ts';
import { FileService } from './file-service.ts';
import { createFileStorage } from './storage-choice.ts';

type UploadConfig = Pick<
  Config,
  | 'DATA_DIR'
  | 'UPLOAD_MAX_AVATAR_MB'
  | 'UPLOAD_MAX_PICTURE_MB'
  | 'UPLOAD_MAX_VIDEO_MB'
  | 'UPLOAD_MAX_VIDEO_SNAPSHOT_MB'
  | 'UPLOAD_MAX_FILE_MB'
  | 'UPLOAD_MAX_VOICE_MB'
  | 'UPLOAD_DAILY_QUOTA_MB'
> &
  Partial<Config>;

const MiB = (mb: number) => Math.floor(mb * 1024 * 1024);

/** The purposes' limits in bytes, from the configuration (docs/api.md "Uploads"). */
export function uploadLimits(config: UploadConfig): Record<UploadPurposeValue, number> {
  return {
    avatar: MiB(config.UPLOAD_MAX_AVATAR_MB),
    picture: MiB(config.UPLOAD_MAX_PICTURE_MB),
    video: MiB(config.UPLOAD_MAX_VIDEO_MB),
    videoSnapshot: MiB(config.UPLOAD_MAX_VIDEO_SNAPSHOT_MB),
    file: MiB(config.UPLOAD_MAX_FILE_MB),
    voice: MiB(config.UPLOAD_MAX_VOICE_MB),
  };
}

/** The app's file service: local disk under DATA_DIR/uploads, or S3 when S3_BUCKET is set. */
export function createFileService(config: UploadConfig, db: Database): FileService {
  return new FileService({
    db,
    storage: createFileStorage(config),
    limits: uploadLimits(config),
    dailyQuota: MiB(config.UPLOAD_DAILY_QUOTA_MB),
    spoolDir: join(config.DATA_DIR, 'upload-spool'),
  });
}

const declaredSize = (header: string | undefined) =>
  header !== undefined && /^\d+$/.test(header) ? Number(header) : undefined;

/**
 * POST /api/object/upload (IM token, raw body streamed to storage) and GET /api/object/<name>
 * (public: an <img> sends no token header; names are unguessable). Served with the sniffed type and
 * nosniff, so a browser never reads the bytes as anything else; a `file` upload only as a download.
 */
export async function registerFileRoutes(
  app: FastifyInstance,
  files: FileService,
  guard: onRequestAsyncHookHandler,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.get<{ Params: { name: string } }>(`${ObjectPath.download}:name`, async (req, reply) =>
        serve(files, req.params.name, req.headers.range, reply),
      );
      await scope.register(async (guarded) => {
        guarded.addHook('onRequest', guard);
        // The body is the file itself, whatever content-type the client claims; the bytes decide. It
        // is left unread here and streamed by the service, never buffered whole.
        guarded.removeAllContentTypeParsers();
        guarded.addContentTypeParser('*', (_req, _payload, done) => done(null));
        guarded.post(ObjectPath.upload, async (req, reply) => {
          try {
            const { purpose, name } = parse(uploadQuerySchema, req.query);
            return ok(
              await files.upload({
                ownerID: req.auth.userID,
                purpose,
                originalName: name,
                body: req.raw,
                declaredSize: declaredSize(req.headers['content-length']),
              }),
            );
          } catch (error) {
            // A refused upload may still be sending: close the connection after the answer, so the
            // client stops and the server reads no more of it.
            if (!req.raw.readableEnded) reply.header('Connection', 'close');
            throw error;
          }
        });
      });
    },
    { prefix: '/api' },
  );
}

async function serve(files: FileService, name: string, range: string | undefined, reply: FastifyReply) {
  const served = await files.describe(name);
  if (!served) throw new AppError(ErrCode.NOT_FOUND, { detail: 'no such object' });
  const disposition = served.downloadName ? contentDisposition(served.downloadName) : undefined;
  const direct = await files.storage.directUrl(name, { contentType: served.contentType, disposition });
  // S3: the browser fetches the bytes from the bucket with a presigned URL (ranges included).
  if (direct) return reply.header('Cache-Control', 'private, max-age=300').redirect(direct, 302);
  const object = await files.storage.open(name);
  if (!object) throw new AppError(ErrCode.NOT_FOUND, { detail: 'no such object' });
  reply
    .header('Content-Type', served.contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'public, max-age=31536000, immutable')
    .header('Accept-Ranges', 'bytes');
  if (disposition) reply.header('Content-Disposition', disposition);
  // Video and voice players seek with ranges (Safari plays no video without them).
  const wanted = parseRange(range, object.size);
  if (wanted) {
    object.stream.destroy();
    const part = await files.storage.open(name, wanted);
    if (!part) throw new AppError(ErrCode.NOT_FOUND, { detail: 'no such object' });
    return reply
      .status(206)
      .header('Content-Range', `bytes ${wanted.start}-${wanted.end}/${object.size}`)
      .header('Content-Length', wanted.end - wanted.start + 1)
      .send(part.stream);
  }
  return reply.header('Content-Length', object.size).send(object.stream);
}

/** One `bytes=a-b` range inside the object, or null (no range, or one this server ignores). */
function parseRange(header: string | undefined, size: number): { start: number; end: number } | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (match[1] === '' && match[2] === '') || size === 0) return null;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] === '' || match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  return start <= end && start < size ? { start, end } : null;
}
