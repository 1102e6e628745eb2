import { ContentType, UploadPurpose } from '@im/protocol';
import type { MessageItem, UploadResp } from '@im/protocol';
import { draft } from './message-factory.ts';
import type { Sender } from './message-factory.ts';

/** Upload purposes of media messages (docs/api.md "Uploads"). */
export const MediaPurpose = {
  Picture: UploadPurpose.Picture,
  Video: UploadPurpose.Video,
  VideoSnapshot: UploadPurpose.VideoSnapshot,
  File: UploadPurpose.File,
  Voice: UploadPurpose.Voice,
} as const;
export type MediaPurposeValue = (typeof MediaPurpose)[keyof typeof MediaPurpose];

/** An upload's answer; pictures also get their size and the server's thumbnail. */
export type MediaUploadResp = UploadResp;

/**
 * What a media message holds on this device until its upload is done: the bytes (a Blob, kept by
 * the store: IndexedDB keeps Blobs, so a failed upload can be resent after a reload) and how far the
 * upload got. The sent message no longer has it; its element then carries the server's URLs.
 */
export interface LocalMedia {
  /** The bytes to upload (a picture already resized by the caller unless sent as original). */
  file: Blob;
  /** The original file name (a file message's download name). */
  name: string;
  /** A video's poster frame, uploaded as `videoSnapshot`. */
  snapshot?: Blob;
  /** 0–1 of the bytes sent; the timeline hears it as it moves. */
  progress: number;
}

/** A message as the sdk's store and timeline hold it: maybe with its pending upload. */
export type MediaMessageItem = MessageItem & { localMedia?: LocalMedia };

/** The pending upload of a message, when it has one (the web shows progress and the local bytes). */
export function localMediaOf(message: MessageItem): LocalMedia | undefined {
  return (message as MediaMessageItem).localMedia;
}

export interface ImageMessageInput {
  file: Blob;
  /** The picture's pixel size (the bubble has its size before anything loads). */
  width: number;
  height: number;
  name?: string;
}

export interface VideoMessageInput {
  file: Blob;
  /** Seconds. */
  duration: number;
  /** The poster frame (JPEG/PNG/WebP), taken on the client; the server needs one for every video. */
  snapshot: Blob;
  /** The poster's size in pixels (the bubble's size before it loads). */
  snapshotWidth?: number;
  snapshotHeight?: number;
  name?: string;
}

export interface FileMessageInput {
  file: Blob;
  /** The name shown and used for the download; a File's own name by default. */
  fileName?: string;
}

export interface SoundMessageInput {
  file: Blob;
  /** Whole seconds, 1–60. */
  duration: number;
}

function nameOf(file: Blob, fallback: string): string {
  const named = (file as Blob & { name?: unknown }).name;
  return typeof named === 'string' && named ? named : fallback;
}

function withMedia(message: MessageItem, media: Omit<LocalMedia, 'progress'>): MediaMessageItem {
  return { ...message, localMedia: { ...media, progress: 0 } };
}

/** A picture (102): its element gets the URLs when the upload is done. */
export function createImageMessage(sender: Sender, input: ImageMessageInput): MediaMessageItem {
  const ref = {
    url: '',
    width: input.width,
    height: input.height,
    size: input.file.size,
    type: input.file.type,
  };
  const message = draft(sender, ContentType.Picture, {
    pictureElem: { sourcePicture: ref, bigPicture: ref, snapshotPicture: ref },
  });
  return withMedia(message, { file: input.file, name: input.name ?? nameOf(input.file, 'picture') });
}

/** A video (104) with its poster frame. */
export function createVideoMessage(sender: Sender, input: VideoMessageInput): MediaMessageItem {
  const message = draft(sender, ContentType.Video, {
    videoElem: {
      videoUrl: '',
      duration: Math.round(input.duration),
      videoSize: input.file.size,
      snapshotUrl: '',
      ...(input.snapshotWidth && input.snapshotHeight
        ? { snapshotWidth: Math.round(input.snapshotWidth), snapshotHeight: Math.round(input.snapshotHeight) }
        : {}),
      ...(input.file.type ? { videoType: input.file.type } : {}),
    },
  });
  return withMedia(message, {
    file: input.file,
    name: input.name ?? nameOf(input.file, 'video'),
    snapshot: input.snapshot,
  });
}

/** A file (105) of any type; it is always served as a download with its original name. */
export function createFileMessage(sender: Sender, input: FileMessageInput): MediaMessageItem {
  const fileName = input.fileName ?? nameOf(input.file, 'file');
  const message = draft(sender, ContentType.File, {
    fileElem: { fileName, fileSize: input.file.size, sourceUrl: '' },
  });
  return withMedia(message, { file: input.file, name: fileName });
}

/** A voice recording (103): Opus in WebM or Ogg, at most 60 s. */
export function createSoundMessage(sender: Sender, input: SoundMessageInput): MediaMessageItem {
  const message = draft(sender, ContentType.Voice, {
    soundElem: { sourceUrl: '', duration: Math.round(input.duration), dataSize: input.file.size },
  });
  return withMedia(message, { file: input.file, name: nameOf(input.file, 'voice') });
}

/** One upload a media message needs. */
export interface UploadPart {
  purpose: MediaPurposeValue;
  body: Blob;
  name: string;
}

/** The uploads of a message, in order (a video's poster first: it is small). */
export function uploadPartsOf(message: MessageItem, media: LocalMedia): UploadPart[] {
  switch (message.contentType) {
    case ContentType.Picture:
      return [{ purpose: MediaPurpose.Picture, body: media.file, name: media.name }];
    case ContentType.Video:
      return [
        ...(media.snapshot
          ? [{ purpose: MediaPurpose.VideoSnapshot, body: media.snapshot, name: 'snapshot' }]
          : []),
        { purpose: MediaPurpose.Video, body: media.file, name: media.name },
      ];
    case ContentType.File:
      return [{ purpose: MediaPurpose.File, body: media.file, name: media.name }];
    case ContentType.Voice:
      return [{ purpose: MediaPurpose.Voice, body: media.file, name: media.name }];
    default:
      throw new Error(`content type ${message.contentType} has no upload`);
  }
}

/** The message to send: its element filled from the upload answers, its local bytes dropped. */
export function fillUploaded(message: MessageItem, answers: MediaUploadResp[]): MessageItem {
  const { localMedia: _dropped, ...rest } = message as MediaMessageItem;
  const main = answers.at(-1)!;
  switch (message.contentType) {
    case ContentType.Picture: {
      const source = message.pictureElem?.sourcePicture;
      const width = main.width ?? source?.width ?? 0;
      const height = main.height ?? source?.height ?? 0;
      const full = { url: main.url, width, height, size: main.size, type: main.contentType };
      // The thumbnail's byte size is not told; the element's size then is the picture's.
      const snapshot = {
        url: main.thumbnailUrl ?? main.url,
        size: main.size,
        width: main.thumbnailWidth ?? width,
        height: main.thumbnailHeight ?? height,
        type: main.contentType,
      };
      return { ...rest, pictureElem: { sourcePicture: full, bigPicture: full, snapshotPicture: snapshot } };
    }
    case ContentType.Video: {
      const poster = answers.length > 1 ? answers[0]!.url : '';
      return {
        ...rest,
        videoElem: {
          ...message.videoElem!,
          videoUrl: main.url,
          videoSize: main.size,
          snapshotUrl: poster,
          videoType: main.contentType,
        },
      };
    }
    case ContentType.File:
      return { ...rest, fileElem: { ...message.fileElem!, sourceUrl: main.url, fileSize: main.size } };
    case ContentType.Voice:
      return { ...rest, soundElem: { ...message.soundElem!, sourceUrl: main.url, dataSize: main.size } };
    default:
      return rest;
  }
}
