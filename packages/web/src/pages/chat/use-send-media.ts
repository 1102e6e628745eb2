import { useCallback, useMemo } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from '../../i18n/use-translation';
import type { MessageItem } from '@im/protocol';
import { isApiError, SdkErrCode } from '@im/sdk';
import { ErrCode } from '@im/protocol';
import { im } from '../../sdk/im';
import { preparePicture } from '../../utils/prepare-picture';
import { readVideo } from '../../utils/video-poster';
import { showError } from '../../utils/show-error';
import { showActionError, showUploadError } from '../../utils/failure-toast';
import type { ChatTarget } from '../../router/chat-target';

/** Codes an upload answers: too large, not an accepted type, or no answer at all. */
const UPLOAD_CODES = new Set<number>([
  ErrCode.TOO_LARGE,
  ErrCode.UNSUPPORTED_FILE_TYPE,
  SdkErrCode.NETWORK,
  SdkErrCode.TIMEOUT,
  SdkErrCode.BAD_RESPONSE,
]);

function isUploadFailure(error: unknown): boolean {
  return !isApiError(error) || UPLOAD_CODES.has(error.errCode);
}

/** What the composer's "+" panel and voice button send. */
export interface MediaSenders {
  /** A picture, resized to a long side of 1920 px unless `original`. */
  picture: (file: File, original: boolean) => void;
  video: (file: File) => void;
  file: (file: File) => void;
  /** A recorded voice message of `seconds` (1–60). */
  voice: (blob: Blob, seconds: number) => void;
}

/**
 * Sending media: the bytes are prepared here (a picture resized on a canvas, a video's poster and
 * duration read), then the sdk holds the message, uploads it with progress and sends it; a failed
 * one is resent with the same resend control as text.
 */
export function useSendMedia(target: ChatTarget, onFailed?: (error: unknown) => void): MediaSenders {
  const { t } = useTranslation();
  const failed = useCallback(
    (error: unknown) => {
      // The upload's own failures say "Upload failed"; a refused send says "Operation failed".
      if (isUploadFailure(error)) showUploadError(error, 'media upload failed');
      else showActionError(error, 'media send failed');
      onFailed?.(error);
    },
    [onFailed],
  );
  const send = useCallback(
    (message: MessageItem) =>
      im.messages
        .sendMessage({ recvID: target.userID, groupID: target.groupID, message })
        .catch((error: unknown) => {
          // A cancelled upload is the user's own choice: it stays Failed, without a toast.
          if (isApiError(error) && error.errCode === SdkErrCode.CANCELLED) return;
          failed(error);
        }),
    [target.userID, target.groupID, failed],
  );

  const picture = useCallback(
    (file: File, original: boolean) => {
      preparePicture(file, original).then(
        ({ blob, width, height }) =>
          send(im.messages.createImageMessage({ file: blob, width, height, name: file.name })),
        (error: unknown) => {
          console.error('picture not read', error);
          Toast.show({ icon: 'fail', content: t('media.pictureFailed') });
        },
      );
    },
    [send, t],
  );

  const video = useCallback(
    (file: File) => {
      readVideo(file).then(
        ({ duration, poster, width, height }) =>
          send(
            im.messages.createVideoMessage({
              file,
              duration,
              snapshot: poster,
              snapshotWidth: width,
              snapshotHeight: height,
              name: file.name,
            }),
          ),
        (error: unknown) => showError(error, 'video not read'),
      );
    },
    [send],
  );

  const file = useCallback(
    (picked: File) => void send(im.messages.createFileMessage({ file: picked })),
    [send],
  );

  const voice = useCallback(
    (blob: Blob, seconds: number) =>
      void send(im.messages.createSoundMessage({ file: blob, duration: seconds })),
    [send],
  );

  return useMemo(() => ({ picture, video, file, voice }), [picture, video, file, voice]);
}
