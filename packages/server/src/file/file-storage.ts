import type { Readable } from 'node:stream';

/** A stored object as it is read back. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

/** What a stored object is served as (S3 keeps it with the object; the disk does not need it). */
export interface ObjectMeta {
  contentType: string;
  /** The body's length when known beforehand (S3 then stores it in one PUT). */
  size?: number;
}

/**
 * Where uploaded bytes live, by generated name: local disk (LocalFileStorage) or an S3-compatible
 * server (S3FileStorage). Both pass the same contract test (test/file-storage-contract.test.ts).
 */
export interface FileStorage {
  /**
   * Streams the body in under the name. When the body fails (cut, over a limit) the promise rejects
   * and nothing is kept under the name.
   */
  write(name: string, body: Readable, meta: ObjectMeta): Promise<void>;
  /** Null when there is no such object; a range reads bytes start..end (both included). */
  open(name: string, range?: { start: number; end: number }): Promise<StoredObject | null>;
  /** Removes the object; a missing one is not an error. */
  delete(name: string): Promise<void>;
  /**
   * Where a browser may GET the object directly (S3: a presigned URL), or null when the server
   * serves the bytes itself.
   */
  directUrl(name: string, options: { contentType: string; disposition?: string }): Promise<string | null>;
  /** Releases connections (the app calls it on close). */
  close(): void;
}
