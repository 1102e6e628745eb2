import type { Readable } from 'node:stream';

/** A stored object as it is read back. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * Where uploaded bytes live, by generated name. Local disk now (LocalFileStorage); the S3 issue adds
 * an S3-compatible implementation of this interface and nothing else changes.
 */
export interface FileStorage {
  put(name: string, bytes: Uint8Array): Promise<void>;
  /** Null when there is no such object. */
  open(name: string): Promise<StoredObject | null>;
  /** Whether the object is stored (a faceURL must name one). */
  has(name: string): Promise<boolean>;
}
