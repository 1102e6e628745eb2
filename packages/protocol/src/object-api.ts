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
