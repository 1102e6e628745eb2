/**
 * Uploads of the IM API (prefix /api; docs/api.md "Uploads"): local disk under DATA_DIR/uploads by
 * default, S3-compatible storage when S3_* is set, behind the same contract.
 *
 * POST `/api/object/upload?purpose=<purpose>&name=<original file name, optional>` with the IM token
 * (`token` header) and the file's bytes as the raw body (any content type; it is ignored), streamed to
 * storage. The type is sniffed from the bytes where the purpose needs one; the name and the
 * content-type header are never trusted. Answers `UploadResp`. A `Content-Length` above the purpose's
 * limit answers 1001 with the limit in `errDlt` before a byte is stored, and so does a body that passes
 * the limit (it is cut, nothing is kept); bytes of another type answer 1007.
 *
 * GET `url` (no token: an `<img src>` cannot send one; names are 128-bit random) serves the bytes with
 * the sniffed `Content-Type` and `X-Content-Type-Options: nosniff`; a `file` upload is always a
 * download (`Content-Disposition: attachment` with its original name).
 */
import { z } from 'zod';
import { UploadPurpose } from './paths.ts';

/** Image types an avatar or a picture may be (recognised by their magic numbers). */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/** The longest original file name kept (in UTF-16 units). */
export const UPLOAD_NAME_MAX = 255;

export const uploadQuerySchema = z.object({
  purpose: z
    .enum([
      UploadPurpose.Avatar,
      UploadPurpose.Picture,
      UploadPurpose.Video,
      UploadPurpose.VideoSnapshot,
      UploadPurpose.File,
      UploadPurpose.Voice,
    ])
    .default(UploadPurpose.Avatar),
  /** The original file name, kept for a download's Content-Disposition; never used as a path. */
  name: z.string().max(UPLOAD_NAME_MAX).optional(),
});

export interface UploadResp {
  /** Where to GET it: `/api/object/<name>` on the API's host (also with S3, which it redirects to). */
  url: string;
  /** The generated name (random, with the extension of the sniffed type; `bin` for files). */
  name: string;
  contentType: string;
  size: number;
  /** Pictures: the picture's size in pixels. */
  width?: number;
  height?: number;
  /** Pictures: a smaller copy (long side at most 480 px) made by the server. */
  thumbnailUrl?: string;
  thumbnailWidth?: number;
  thumbnailHeight?: number;
}
