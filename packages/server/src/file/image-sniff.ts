import type { ImageContentType } from '@im/protocol';

export interface SniffedType {
  contentType: ImageContentType;
  /** The extension stored names get; the served type is read back from it. */
  ext: string;
}

const startsWith = (bytes: Uint8Array, signature: number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The image type of the bytes by their magic numbers, or null. The file's name and the request's
 * content-type are chosen by the client and never trusted: a served type must match the bytes, or a
 * browser could be made to run an "image" as a page.
 */
export function sniffImage(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
    return { contentType: 'image/png', ext: 'png' };
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { contentType: 'image/jpeg', ext: 'jpg' };
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a')))
    return { contentType: 'image/gif', ext: 'gif' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8))
    return { contentType: 'image/webp', ext: 'webp' };
  return null;
}

const byExt: Record<string, ImageContentType> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** The type a stored name was sniffed as (names are made from the sniffed type only). */
export function contentTypeOfName(name: string): ImageContentType | null {
  return byExt[name.slice(name.lastIndexOf('.') + 1)] ?? null;
}
