/**
 * Uploads of the IM API (prefix /api): local disk under DATA_DIR/uploads by default, S3-compatible
 * later behind the same contract (docs/decisions.md#layout-and-dependency-direction).
 *
 * POST `/api/object/upload?purpose=avatar` with the IM token (`token` header) and the file's bytes as
 * the raw body (any content type; it is ignored). The type is sniffed from the bytes (magic numbers);
 * the name and the content-type header are never trusted. Answers `UploadResp`; a body above the
 * purpose's limit answers 413 (errCode 1006), bytes of another type 400 (errCode 1007).
 *
 * GET `url` (no token: an `<img src>` cannot send one; names are 128-bit random) serves the bytes with
 * the sniffed `Content-Type` and `X-Content-Type-Options: nosniff`.
 */
import { z } from 'zod';
import { UploadPurpose } from './paths.ts';

/** Image types an avatar may be (recognised by their magic numbers). */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** The URL path this server's upload answers for an object (FileService: 128 random bits, sniffed type). */
const ISSUED_OBJECT_URL = /^\/api\/object\/[0-9a-f]{32}\.(png|jpg|gif|webp)$/;

/**
 * Whether a URL is one this server's upload issued (UploadResp.url). faceURL (users and groups) takes
 * only these or '': anything else others would load (`javascript:`, a tracking pixel on another host
 * that learns every viewer's IP) is refused. The S3 issue adds its bucket's base here.
 */
export function isIssuedObjectURL(value: string): boolean {
  return ISSUED_OBJECT_URL.test(value);
}

/** A faceURL as a client sets it: '' (none) or a URL of this server's upload. */
export const faceURLSchema = z
  .string()
  .trim()
  .max(1024)
  .refine((value) => value === '' || isIssuedObjectURL(value), 'faceURL: upload the image first');

export const uploadQuerySchema = z.object({
  purpose: z.enum([UploadPurpose.Avatar]).default(UploadPurpose.Avatar),
});

export interface UploadResp {
  /** Where to GET it: root-relative on the API's host (local disk) or absolute (S3). Use as-is, e.g. as faceURL. */
  url: string;
  /** The generated name (random, with the extension of the sniffed type). */
  name: string;
  contentType: string;
  size: number;
}
