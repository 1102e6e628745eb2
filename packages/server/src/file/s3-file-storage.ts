import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Readable } from 'node:stream';
import type { FileStorage, ObjectMeta, StoredObject } from './file-storage.ts';

export interface S3Options {
  bucket: string;
  /** Unset for AWS itself; the server's URL for MinIO, Garage, Ceph and the like. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Lifetime of a presigned GET URL, in seconds. */
  urlTtlS: number;
}

/** Parts of an upload of unknown length: memory per upload stays near one part. */
const PART_BYTES = 5 * 1024 * 1024;

/**
 * Objects in an S3-compatible bucket (docs/api.md "Uploads"). Bodies of known length are one PUT, others
 * a multipart upload in 5 MiB parts; either way a failed body commits nothing. Browsers GET objects
 * from the bucket with presigned URLs that carry the type and, for files, the download name.
 */
export class S3FileStorage implements FileStorage {
  readonly #s3: S3Client;
  readonly #bucket: string;
  readonly #ttl: number;

  constructor(options: S3Options) {
    this.#bucket = options.bucket;
    this.#ttl = options.urlTtlS;
    this.#s3 = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: many S3-compatible servers refuse the SDK's default
      // aws-chunked trailing checksums on streamed bodies.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async write(name: string, body: Readable, meta: ObjectMeta): Promise<void> {
    const params = { Bucket: this.#bucket, Key: name, Body: body, ContentType: meta.contentType };
    // The SDK does not watch its body: a body that fails (cut, over a limit) must abort the request,
    // else it waits for bytes that never come. An aborted PUT or multipart upload commits nothing.
    const abort = new AbortController();
    let upload: Upload | undefined;
    const failed = new Promise<never>((_resolve, reject) =>
      body.once('error', (error) => {
        abort.abort(error);
        void upload?.abort().catch(() => {});
        reject(error);
      }),
    );
    const sent =
      meta.size !== undefined
        ? this.#s3.send(new PutObjectCommand({ ...params, ContentLength: meta.size }), {
            abortSignal: abort.signal,
          })
        : (upload = new Upload({ client: this.#s3, params, partSize: PART_BYTES, queueSize: 1 })).done();
    sent.catch(() => {});
    try {
      await Promise.race([sent, failed]);
    } catch (error) {
      // S3 drops a PUT that ends short; some compatible servers keep what came. Either way, nothing
      // stays under the name once the request has settled.
      await sent.catch(() => {});
      await this.delete(name).catch(() => {});
      throw error;
    }
  }

  async open(name: string, range?: { start: number; end: number }): Promise<StoredObject | null> {
    try {
      const head = await this.#s3.send(new HeadObjectCommand({ Bucket: this.#bucket, Key: name }));
      const object = await this.#s3.send(
        new GetObjectCommand({
          Bucket: this.#bucket,
          Key: name,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      return { stream: object.Body as Readable, size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  async delete(name: string): Promise<void> {
    await this.#s3.send(new DeleteObjectCommand({ Bucket: this.#bucket, Key: name }));
  }

  async directUrl(name: string, options: { contentType: string; disposition?: string }): Promise<string> {
    return getSignedUrl(
      this.#s3,
      new GetObjectCommand({
        Bucket: this.#bucket,
        Key: name,
        ResponseContentType: options.contentType,
        ResponseContentDisposition: options.disposition,
      }),
      { expiresIn: this.#ttl },
    );
  }

  close(): void {
    this.#s3.destroy();
  }
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}
