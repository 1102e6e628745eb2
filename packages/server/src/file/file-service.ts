import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ErrCode, ObjectPath, UploadPurpose } from '@im/protocol';
import type { UploadPurposeValue, UploadResp } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import type { Database } from '../storage/database.ts';
import type { FileStorage } from './file-storage.ts';
import { contentTypeOfName } from './image-sniff.ts';
import { pictureInfo } from './picture-thumbnail.ts';
import { findUpload, insertUpload, uploadedSince } from './upload-records.ts';
import { overLimit, UploadGuard } from './upload-guard.ts';

/** Names this service makes: 128 random bits and the extension of the sniffed type. */
export const OBJECT_NAME = /^[0-9a-f]{32}\.[a-z0-9]{1,5}$/;
const DAY_MS = 24 * 3600 * 1000;

export interface FileServiceOptions {
  db: Database;
  storage: FileStorage;
  /** Bytes per purpose. */
  limits: Record<UploadPurposeValue, number>;
  /** Bytes one user may upload in 24 hours. */
  dailyQuota: number;
  /** Where pictures wait for sharp (a folder on disk). */
  spoolDir: string;
  now?: () => number;
}

export interface UploadInput {
  ownerID: string;
  purpose: UploadPurposeValue;
  /** The client's file name, kept for a download's Content-Disposition. */
  originalName?: string;
  body: Readable;
  /** The request's Content-Length, when it sent one. */
  declaredSize?: number;
}

/** An object to serve: its bytes, or a URL to send the browser to. */
export interface ServedObject {
  contentType: string;
  /** Set for `file` uploads: always a download with this name. */
  downloadName?: string;
}

const url = (name: string) => `/api${ObjectPath.download}${name}`;
const randomName = (ext: string) => `${randomBytes(16).toString('hex')}.${ext}`;

/**
 * Uploads (docs/api.md "Uploads"): the size against the purpose's limit (the declared one before a
 * byte is read, the counted one while the bytes stream), the type from the first bytes, then the
 * bytes streamed to storage under a generated name (the client's name is never a path) and recorded
 * for serving, the daily quota and the sweep. Pictures are spooled to disk first, for sharp.
 */
export class FileService {
  readonly #o: Required<FileServiceOptions>;

  constructor(options: FileServiceOptions) {
    this.#o = { now: Date.now, ...options };
  }

  get storage(): FileStorage {
    return this.#o.storage;
  }

  async upload(input: UploadInput): Promise<UploadResp> {
    const { purpose, ownerID } = input;
    const limit = this.#o.limits[purpose];
    if (input.declaredSize !== undefined && input.declaredSize > limit) throw overLimit(purpose, limit);
    const now = this.#o.now();
    const used = await uploadedSince(this.#o.db, ownerID, now - DAY_MS);
    const quotaLeft = this.#o.dailyQuota - used;
    const overQuota = () =>
      new AppError(ErrCode.ARGS, {
        detail: `quota: at most ${this.#o.dailyQuota} bytes of uploads a day; ${Math.max(0, quotaLeft)} left`,
      });
    if ((input.declaredSize ?? 1) > quotaLeft) throw overQuota();
    const guard =
      quotaLeft < limit
        ? new UploadGuard(purpose, Math.max(0, quotaLeft), overQuota)
        : new UploadGuard(purpose, limit);
    if (purpose === UploadPurpose.Picture) return this.#uploadPicture(input, guard, now);

    const stored = await this.#store(input, guard, (type) => randomName(type.ext));
    await this.#record(input, stored, now);
    return { url: url(stored.name), name: stored.name, contentType: stored.contentType, size: stored.size };
  }

  /** Streams the guarded body to storage; the name is made once the type is known. */
  async #store(input: UploadInput, guard: UploadGuard, nameFor: (type: { ext: string }) => string) {
    const body = input.body;
    const guarded = body.pipe(guard);
    body.once('error', (error) => guard.destroy(error));
    // Its failure reaches the storage's write through the iteration below (an errored stream's
    // iterator throws), also when it fails before the storage starts reading.
    guarded.on('error', () => {});
    // The name needs the sniffed type: wait for the first bytes to pass the guard.
    const first = await firstChunk(guarded);
    const type = guard.type!;
    const name = nameFor(type);
    const rest = Readable.from(prepend(first, guarded));
    // The declared length is the length: a body that ends short or runs long fails the request.
    await this.#o.storage.write(name, rest, { contentType: type.contentType, size: input.declaredSize });
    return { name, contentType: type.contentType, size: guard.size };
  }

  async #uploadPicture(input: UploadInput, guard: UploadGuard, now: number): Promise<UploadResp> {
    await mkdir(this.#o.spoolDir, { recursive: true });
    const spooled = join(this.#o.spoolDir, `${randomBytes(16).toString('hex')}.spool`);
    try {
      input.body.once('error', (error) => guard.destroy(error));
      await pipeline(input.body, guard, createWriteStream(spooled, { flags: 'wx' }));
      const type = guard.type!;
      const info = await pictureInfo(spooled);
      const name = randomName(type.ext);
      await this.#o.storage.write(name, createReadStream(spooled), {
        contentType: type.contentType,
        size: guard.size,
      });
      const thumb = {
        name: randomName('webp'),
        contentType: 'image/webp',
        size: info.thumbnail.bytes.length,
      };
      await this.#o.storage.write(thumb.name, Readable.from([info.thumbnail.bytes]), thumb);
      await this.#record(input, { name, contentType: type.contentType, size: guard.size }, now);
      await this.#record({ ...input, purpose: 'thumbnail', originalName: '' }, thumb, now);
      return {
        url: url(name),
        name,
        contentType: type.contentType,
        size: guard.size,
        width: info.width,
        height: info.height,
        thumbnailUrl: url(thumb.name),
        thumbnailWidth: info.thumbnail.width,
        thumbnailHeight: info.thumbnail.height,
      };
    } finally {
      await rm(spooled, { force: true });
    }
  }

  async #record(
    input: Pick<UploadInput, 'ownerID' | 'originalName'> & { purpose: string },
    stored: { name: string; contentType: string; size: number },
    now: number,
  ): Promise<void> {
    await insertUpload(this.#o.db, {
      name: stored.name,
      ownerId: input.ownerID,
      purpose: input.purpose,
      contentType: stored.contentType,
      size: stored.size,
      originalName: (input.originalName ?? '').slice(0, 255),
      createdAt: now,
      referenced: 0,
    });
  }

  /** How a stored object is served, or null for a name this service never made. */
  async describe(name: string): Promise<ServedObject | null> {
    if (!OBJECT_NAME.test(name)) return null;
    const record = await findUpload(this.#o.db, name);
    if (!record) {
      // Avatars stored before uploads were recorded: their type is in their name.
      const contentType = contentTypeOfName(name);
      return contentType ? { contentType } : null;
    }
    if (record.purpose === UploadPurpose.File)
      return { contentType: record.contentType, downloadName: record.originalName || 'file' };
    return { contentType: record.contentType };
  }
}

/** The first chunk of a stream (rejects with the stream's error, e.g. the guard's refusal). */
function firstChunk(stream: Readable): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      stream.off('readable', onReadable);
      stream.off('end', onEnd);
      stream.off('error', onError);
    };
    const onReadable = () => {
      const chunk = stream.read() as Buffer | null;
      if (chunk === null) return;
      cleanup();
      resolve(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(null);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    stream.on('readable', onReadable);
    stream.on('end', onEnd);
    stream.on('error', onError);
  });
}

async function* prepend(first: Buffer | null, rest: Readable): AsyncGenerator<Buffer> {
  if (first) yield first;
  for await (const chunk of rest) yield chunk as Buffer;
}
