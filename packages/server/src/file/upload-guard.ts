import { Transform } from 'node:stream';
import type { TransformCallback } from 'node:stream';
import { ErrCode } from '@im/protocol';
import type { UploadPurposeValue } from '@im/protocol';
import { AppError } from '../http/app-error.ts';
import { ACCEPTED, SNIFF_BYTES, sniffUpload } from './media-sniff.ts';
import type { MediaType } from './media-sniff.ts';

/** The answer to a body over its purpose's limit (docs/api.md "Uploads": 1001 with the limit). */
export function overLimit(purpose: UploadPurposeValue, limit: number): AppError {
  return new AppError(ErrCode.ARGS, { detail: `size: a ${purpose} upload is at most ${limit} bytes` });
}

/**
 * Passes an upload's bytes through while it counts them and sniffs their type from the first ones: it
 * fails the stream (so that storage keeps nothing) as soon as the bytes pass the limit or are not of a
 * type the purpose accepts, long before a large body has arrived whole.
 */
export class UploadGuard extends Transform {
  readonly #purpose: UploadPurposeValue;
  readonly #limit: number;
  readonly #tooLarge: () => AppError;
  #head: Buffer[] = [];
  #headLength = 0;
  /** Bytes seen so far. */
  size = 0;
  /** Known once the first SNIFF_BYTES bytes (or the whole, shorter body) passed. */
  type: MediaType | null = null;

  /** `tooLarge` is the answer past the limit (the purpose's limit, or what is left of the quota). */
  constructor(purpose: UploadPurposeValue, limit: number, tooLarge = () => overLimit(purpose, limit)) {
    super();
    this.#purpose = purpose;
    this.#limit = limit;
    this.#tooLarge = tooLarge;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.#limit) return done(this.#tooLarge());
    if (this.type) return done(null, chunk);
    // Held back until the type is known: nothing of a refused type reaches storage.
    this.#head.push(chunk);
    this.#headLength += chunk.length;
    if (this.#headLength < SNIFF_BYTES) return done();
    this.#release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.size === 0) return done(new AppError(ErrCode.ARGS, { detail: 'body: the file is empty' }));
    if (this.type) return done();
    this.#release(done);
  }

  #release(done: TransformCallback): void {
    const head = Buffer.concat(this.#head);
    this.type = sniffUpload(this.#purpose, head);
    if (!this.type)
      return done(
        new AppError(ErrCode.UNSUPPORTED_FILE_TYPE, {
          detail: `a ${this.#purpose} must be ${ACCEPTED[this.#purpose]}`,
        }),
      );
    this.#head = [];
    done(null, head);
  }
}
