/**
 * The zod schemas of the media and rich elements (docs/api.md "Message types"), for the server's send
 * path only: the web never imports this module (docs/decisions.md "A web bundle without zod").
 * Every string and list has a limit, and every URL must be one this server's upload issued
 * (`/api/object/<name>`), so a message can never point a receiver at another host.
 */
import { z } from 'zod';
import { UPLOAD_NAME_MAX } from './object-api.ts';
import { UPLOADED_URL_PATTERN, UPLOAD_MAX_BYTES, UploadPurpose, VOICE_MAX_SECONDS } from './paths.ts';

export const MAX_TEXT = 10_000;
/** The most messages one merged forward carries, and the lines of its abstract. */
export const MERGE_MAX_MESSAGES = 100;
export const MERGE_MAX_ABSTRACT_LINES = 4;
/** Sticker ids of the built-in set: short lowercase words. */
export const FACE_DATA_PATTERN = /^[a-z0-9_-]{1,32}$/;

const ID = z.string().max(64);
const NAME = z.string().max(256);
export const uploadedUrl = z
  .string()
  .max(64)
  .regex(UPLOADED_URL_PATTERN, 'must be a URL this server’s upload issued (/api/object/<name>)');
const pixels = z.number().int().min(1).max(100_000);
const bytes = (max: number) => z.number().int().min(0).max(max);
const mimeType = z.string().max(128);

const fileRef = (maxBytes: number) =>
  z.object({
    url: uploadedUrl,
    width: pixels,
    height: pixels,
    size: bytes(maxBytes),
    type: mimeType.optional(),
  });

export const pictureElemSchema = z.object({
  sourcePicture: fileRef(UPLOAD_MAX_BYTES[UploadPurpose.Picture]),
  bigPicture: fileRef(UPLOAD_MAX_BYTES[UploadPurpose.Picture]).optional(),
  /** The server's thumbnail (UploadResp.thumbnailUrl). */
  snapshotPicture: fileRef(UPLOAD_MAX_BYTES[UploadPurpose.Picture]),
});

export const soundElemSchema = z.object({
  sourceUrl: uploadedUrl,
  /** Seconds; a recording under 1 s is refused on the client (docs/product.md#composer). */
  duration: z.number().int().min(1).max(VOICE_MAX_SECONDS),
  dataSize: bytes(UPLOAD_MAX_BYTES[UploadPurpose.Voice]),
});

export const videoElemSchema = z.object({
  videoUrl: uploadedUrl,
  /** Seconds. */
  duration: z
    .number()
    .min(0)
    .max(24 * 3600),
  videoSize: bytes(UPLOAD_MAX_BYTES[UploadPurpose.Video]),
  snapshotUrl: uploadedUrl,
  snapshotWidth: pixels.optional(),
  snapshotHeight: pixels.optional(),
  videoType: mimeType.optional(),
});

export const fileElemSchema = z.object({
  fileName: z.string().trim().min(1).max(UPLOAD_NAME_MAX),
  fileSize: bytes(UPLOAD_MAX_BYTES[UploadPurpose.File]),
  sourceUrl: uploadedUrl,
});

export const cardElemSchema = z.object({
  userID: ID.min(1),
  nickname: NAME,
  /** Empty for a user without an avatar. */
  faceURL: z.union([z.literal(''), uploadedUrl]),
});

/** `description` is JSON text with at least a `name` (docs/product.md#message). */
const locationDescription = z
  .string()
  .max(2048)
  .refine((text) => {
    try {
      const value: unknown = JSON.parse(text);
      return (
        typeof value === 'object' &&
        value !== null &&
        typeof (value as { name?: unknown }).name === 'string' &&
        (value as { name: string }).name.length <= 256
      );
    } catch {
      return false;
    }
  }, 'must be JSON text with a name');

export const locationElemSchema = z.object({
  description: locationDescription,
  latitude: z.number().min(-90).max(90),
  longitude: z.number().min(-180).max(180),
});

export const faceElemSchema = z.object({
  index: z.number().int().min(0).max(9999),
  data: z.string().regex(FACE_DATA_PATTERN, 'must be a sticker id of the built-in set'),
});

const textElem = z.object({ content: z.string().max(MAX_TEXT) });
const atTextElem = z.object({
  text: z.string().max(MAX_TEXT),
  atUserList: z.array(ID).max(1000),
  atUsersInfo: z
    .array(z.object({ atUserID: ID, groupNickname: NAME }))
    .max(1000)
    .optional(),
  isAtSelf: z.boolean().optional(),
});
const customElem = z.object({
  data: z.string().max(64 * 1024),
  description: z.string().max(1024),
  extension: z.string().max(1024),
});

/**
 * The fields of a stored message that a copy (a quote's original, a merged forward's messages) keeps.
 * Unknown keys are dropped. A copy's own quote keeps only its text and a merged copy only its title
 * and abstract, so copies never nest further.
 */
const copyFields = {
  clientMsgID: ID,
  serverMsgID: ID.optional(),
  conversationID: z.string().max(160).optional(),
  seq: z.number().int().min(0).optional(),
  sendID: ID,
  recvID: ID.optional(),
  groupID: ID.optional(),
  senderNickname: NAME.optional(),
  senderFaceUrl: z.string().max(512).optional(),
  senderPlatformID: z.number().int().optional(),
  sessionType: z.number().int(),
  contentType: z.number().int(),
  msgFrom: z.number().int().optional(),
  createTime: z.number().int().optional(),
  sendTime: z.number().int().min(0),
  status: z.number().int().optional(),
  ex: z.string().max(1024).optional(),
  textElem: textElem.optional(),
  atTextElem: atTextElem.optional(),
  customElem: customElem.optional(),
  notificationElem: z.object({ detail: z.string().max(8192) }).optional(),
  pictureElem: pictureElemSchema.optional(),
  soundElem: soundElemSchema.optional(),
  videoElem: videoElemSchema.optional(),
  fileElem: fileElemSchema.optional(),
  locationElem: locationElemSchema.optional(),
  cardElem: cardElemSchema.optional(),
  faceElem: faceElemSchema.optional(),
  quoteElem: z.object({ text: z.string().max(MAX_TEXT) }).optional(),
  mergeElem: z.object({ title: NAME, abstractList: z.array(NAME).max(MERGE_MAX_ABSTRACT_LINES) }).optional(),
};
export const messageCopySchema = z.object(copyFields);

export const quoteElemSchema = z.object({
  text: z.string().trim().min(1).max(MAX_TEXT),
  /** A copy of the quoted stored message. */
  quoteMessage: messageCopySchema.optional(),
});

export const mergeElemSchema = z.object({
  title: NAME.min(1),
  abstractList: z.array(NAME).max(MERGE_MAX_ABSTRACT_LINES),
  multiMessage: z.array(messageCopySchema).min(1).max(MERGE_MAX_MESSAGES),
});
