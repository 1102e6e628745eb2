import { UploadPurpose } from '@im/protocol';
import type { UploadPurposeValue } from '@im/protocol';
import { sniffImage } from './image-sniff.ts';

export interface MediaType {
  contentType: string;
  /** The extension of the stored name. */
  ext: string;
}

/** Bytes needed to tell every accepted type apart. */
export const SNIFF_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

const EBML = [0x1a, 0x45, 0xdf, 0xa3];

/** A WebM (Matroska EBML) or Ogg recording, or an MP4/QuickTime movie (an `ftyp` box first). */
function sniffContainer(bytes: Uint8Array): 'webm' | 'ogg' | 'mp4' | 'mov' | null {
  if (startsWith(bytes, EBML)) return 'webm';
  if (startsWith(bytes, ascii('OggS'))) return 'ogg';
  if (startsWith(bytes, ascii('ftyp'), 4)) return startsWith(bytes, ascii('qt  '), 8) ? 'mov' : 'mp4';
  return null;
}

const OCTET_STREAM: MediaType = { contentType: 'application/octet-stream', ext: 'bin' };

/**
 * The type of an upload by its first bytes, as its purpose accepts them (docs/api.md "Uploads"), or
 * null when the purpose refuses them. A `file` is any bytes and is only ever served as a download.
 */
export function sniffUpload(purpose: UploadPurposeValue, head: Uint8Array): MediaType | null {
  switch (purpose) {
    case UploadPurpose.Avatar:
    case UploadPurpose.Picture:
      return sniffImage(head);
    case UploadPurpose.VideoSnapshot: {
      const image = sniffImage(head);
      return image && image.contentType !== 'image/gif' ? image : null;
    }
    case UploadPurpose.Voice: {
      const container = sniffContainer(head);
      if (container === 'webm') return { contentType: 'audio/webm', ext: 'weba' };
      if (container === 'ogg') return { contentType: 'audio/ogg', ext: 'ogg' };
      return null;
    }
    case UploadPurpose.Video: {
      const container = sniffContainer(head);
      if (container === 'webm') return { contentType: 'video/webm', ext: 'webm' };
      if (container === 'mp4') return { contentType: 'video/mp4', ext: 'mp4' };
      if (container === 'mov') return { contentType: 'video/quicktime', ext: 'mov' };
      return null;
    }
    case UploadPurpose.File:
      return OCTET_STREAM;
  }
}

/** What each purpose accepts, for the 1007 answer. */
export const ACCEPTED: Record<UploadPurposeValue, string> = {
  avatar: 'a PNG, JPEG, GIF or WebP image',
  picture: 'a PNG, JPEG, GIF or WebP image',
  videoSnapshot: 'a PNG, JPEG or WebP image',
  voice: 'a WebM or Ogg recording',
  video: 'a WebM or MP4 video',
  file: 'any file',
};
