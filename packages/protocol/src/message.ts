import { z } from 'zod';
import { ContentType, SessionType } from './content-types.ts';
import type { MessageReaction } from './message-change.ts';
import {
  cardElemSchema,
  faceElemSchema,
  fileElemSchema,
  locationElemSchema,
  MAX_TEXT,
  mergeElemSchema,
  pictureElemSchema,
  quoteElemSchema,
  soundElemSchema,
  videoElemSchema,
} from './message-elem-schemas.ts';

/** The JSON size of a value, capped: what a free-form field (a quoted message) may weigh. */
function jsonAtMost(max: number) {
  return (value: unknown) => {
    try {
      return JSON.stringify(value ?? null).length <= max;
    } catch {
      // Too deep to serialise.
      return false;
    }
  };
}

export interface AtUserInfo {
  atUserID: string;
  groupNickname: string;
}

/**
 * One message as the client sees it (docs/product.md#message); the element that is set follows
 * contentType.
 */
export interface MessageItem {
  clientMsgID: string;
  serverMsgID: string;
  conversationID: string;
  /** Position in the conversation, contiguous from 1; 0 for online-only messages. */
  seq: number;
  sendID: string;
  recvID: string;
  groupID: string;
  senderNickname: string;
  senderFaceUrl: string;
  senderPlatformID: number;
  sessionType: number;
  contentType: number;
  /** 100 sent by a user, 200 by the system. */
  msgFrom: number;
  createTime: number;
  sendTime: number;
  status: number;
  isRead: boolean;
  ex?: string;
  /** When the text was last edited (ms); absent when never edited (docs/api.md#message-changes). */
  editTime?: number;
  /** Reactions now on the message, one entry per emoji with at least one user. */
  reactions?: MessageReaction[];
  /** Seconds: sent while burn-after-reading was on; it is deleted that long after the peer read it. */
  burnDuration?: number;
  /** When a burn message will be deleted (ms), set once the peer has read it. */
  burnAt?: number;
  textElem?: { content: string };
  atTextElem?: { text: string; atUserList: string[]; atUsersInfo?: AtUserInfo[]; isAtSelf?: boolean };
  customElem?: { data: string; description: string; extension: string };
  notificationElem?: { detail: string };
  quoteElem?: { text: string; quoteMessage?: MessageItem };
  pictureElem?: { sourcePicture: FileRef; bigPicture?: FileRef; snapshotPicture?: FileRef };
  soundElem?: { sourceUrl: string; duration: number; dataSize: number };
  videoElem?: {
    videoUrl: string;
    duration: number;
    videoSize: number;
    snapshotUrl: string;
    snapshotWidth?: number;
    snapshotHeight?: number;
    videoType?: string;
  };
  fileElem?: { fileName: string; fileSize: number; sourceUrl: string };
  locationElem?: { description: string; latitude: number; longitude: number };
  cardElem?: { userID: string; nickname: string; faceURL: string };
  faceElem?: { index: number; data: string };
  mergeElem?: { title: string; abstractList: string[]; multiMessage: MessageItem[] };
  typingElem?: { msgTips: string };
}

export interface FileRef {
  url: string;
  width?: number;
  height?: number;
  size?: number;
  type?: string;
}

/** Content a client may send per content type; notifications are made by the server only. */
export const messageContentSchemas: Record<number, z.ZodType> = {
  [ContentType.Text]: z.object({ content: z.string().trim().min(1).max(MAX_TEXT) }),
  [ContentType.AtText]: z.object({
    text: z.string().trim().min(1).max(MAX_TEXT),
    atUserList: z.array(z.string().max(64)).max(1000),
    atUsersInfo: z
      .array(z.object({ atUserID: z.string().max(64), groupNickname: z.string().max(64) }))
      .max(1000)
      .optional(),
  }),
  [ContentType.Custom]: z.object({
    data: z.string().max(64 * 1024),
    description: z.string().max(1024).default(''),
    extension: z.string().max(1024).default(''),
  }),
  [ContentType.Quote]: quoteElemSchema,
  [ContentType.Picture]: pictureElemSchema,
  [ContentType.Voice]: soundElemSchema,
  [ContentType.Video]: videoElemSchema,
  [ContentType.File]: fileElemSchema,
  [ContentType.Merge]: mergeElemSchema,
  [ContentType.Card]: cardElemSchema,
  [ContentType.Location]: locationElemSchema,
  [ContentType.Face]: faceElemSchema,
  [ContentType.Typing]: z.object({ msgTips: z.string().max(64) }),
};

/** A send request: the gateway's SendMsg data and the sdk's sendMessage. */
export const sendMsgSchema = z.object({
  clientMsgID: z.string().min(8).max(64),
  recvID: z.string().max(64).default(''),
  groupID: z.string().max(64).default(''),
  sessionType: z.union([z.literal(SessionType.Single), z.literal(SessionType.Group)]),
  contentType: z.number().int(),
  /** The element for the content type (textElem's object for 101, and so on). */
  content: z
    .record(z.string().max(64), z.unknown())
    .refine(
      (content) => Object.keys(content).length <= 16 && jsonAtMost(80 * 1024)(content),
      'content: at most 16 fields and 80 KiB',
    ),
  isOnlineOnly: z.boolean().default(false),
  ex: z.string().max(1024).optional(),
});
export type SendMsgReq = z.input<typeof sendMsgSchema>;
