import { randomBytes } from 'node:crypto';
import { ErrCode, ObjectPath, UPLOAD_MAX_BYTES } from '@im/protocol';
import type { UploadPurposeValue, UploadResp } from '@im/protocol';
import type { Readable } from 'node:stream';
import { AppError } from '../http/app-error.ts';
import type { FileStorage } from './file-storage.ts';
import { contentTypeOfName, sniffImage } from './image-sniff.ts';

/** Names this service makes: 128 random bits and the sniffed type's extension. */
const NAME = /^[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/** The largest body any purpose accepts (the route's body limit). */
export const UPLOAD_BODY_LIMIT = Math.max(...Object.values(UPLOAD_MAX_BYTES));

/**
 * Uploads (protocol/src/object-api.ts): checks the size against the purpose's limit and the type by
 * the bytes, stores under a generated name (the client's name is never used: no path tricks, no
 * clashes) and answers where to GET it. The media issue adds purposes and their types here.
 */
export class FileService {
  readonly #storage: FileStorage;
  /** The public path objects are served at (the API prefix included). */
  readonly #urlPrefix: string;

  constructor(storage: FileStorage, urlPrefix = `/api${ObjectPath.download}`) {
    this.#storage = storage;
    this.#urlPrefix = urlPrefix;
  }

  async upload(purpose: UploadPurposeValue, bytes: Uint8Array | undefined): Promise<UploadResp> {
    if (!bytes || bytes.length === 0) throw new AppError(ErrCode.ARGS, { detail: 'body: the file is empty' });
    const limit = UPLOAD_MAX_BYTES[purpose];
    if (bytes.length > limit)
      throw new AppError(ErrCode.TOO_LARGE, { detail: `a ${purpose} is at most ${limit} bytes` });
    const type = sniffImage(bytes);
    if (!type)
      throw new AppError(ErrCode.UNSUPPORTED_FILE_TYPE, {
        detail: `a ${purpose} must be a PNG, JPEG, GIF or WebP image`,
      });
    const name = `${randomBytes(16).toString('hex')}.${type.ext}`;
    await this.#storage.put(name, bytes);
    return { url: `${this.#urlPrefix}${name}`, name, contentType: type.contentType, size: bytes.length };
  }

  /**
   * Whether a URL is one this service issued and still holds: '' is not. What faceURL takes besides ''
   * (docs/operations.md#validation).
   */
  async issued(url: string): Promise<boolean> {
    if (!url.startsWith(this.#urlPrefix)) return false;
    const name = url.slice(this.#urlPrefix.length);
    return NAME.test(name) && this.#storage.has(name);
  }

  /** A stored object with its type, or null for a name this service never made or does not hold. */
  async open(name: string): Promise<{ stream: Readable; size: number; contentType: string } | null> {
    const contentType = NAME.test(name) ? contentTypeOfName(name) : null;
    if (!contentType) return null;
    const object = await this.#storage.open(name);
    return object ? { ...object, contentType } : null;
  }
}
