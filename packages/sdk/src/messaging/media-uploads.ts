import type { MessageItem } from '@im/protocol';
import { ApiError, SdkErrCode } from '../api-error.ts';
import { fillUploaded, localMediaOf, uploadPartsOf } from './media-messages.ts';
import type { MediaPurposeValue, MediaUploadResp } from './media-messages.ts';

/** One upload through the sdk's HTTP layer (a fake in tests). */
export type Uploader = (request: {
  purpose: MediaPurposeValue;
  name: string;
  body: Blob;
  onProgress: (loaded: number, total: number) => void;
  signal: AbortSignal;
}) => Promise<MediaUploadResp>;

interface Running {
  controller: AbortController;
  promise: Promise<MessageItem>;
}

/** Progress is told when it moved this much (or reached the end): a timeline redraws on each. */
const PROGRESS_STEP = 0.01;

/**
 * The uploads of media messages waiting to be sent, by clientMsgID: each part in turn, the progress
 * of all its bytes together, and a way to stop it (cancel, a deleted message, logout).
 */
export class MediaUploads {
  #upload: Uploader;
  #running = new Map<string, Running>();

  constructor(upload: Uploader) {
    this.#upload = upload;
  }

  has(clientMsgID: string): boolean {
    return this.#running.has(clientMsgID);
  }

  /**
   * Uploads what the message holds and resolves with the message to send (element filled, local
   * bytes dropped). A second call for a message already uploading shares the first.
   */
  run(message: MessageItem, onProgress: (progress: number) => void): Promise<MessageItem> {
    const existing = this.#running.get(message.clientMsgID);
    if (existing) return existing.promise;
    const controller = new AbortController();
    const promise = this.#uploadAll(message, controller.signal, onProgress).finally(() =>
      this.#running.delete(message.clientMsgID),
    );
    this.#running.set(message.clientMsgID, { controller, promise });
    return promise;
  }

  /** Stops one upload; its run rejects with CANCELLED. */
  cancel(clientMsgID: string): boolean {
    const running = this.#running.get(clientMsgID);
    running?.controller.abort();
    return Boolean(running);
  }

  cancelAll(): void {
    for (const running of this.#running.values()) running.controller.abort();
  }

  async #uploadAll(
    message: MessageItem,
    signal: AbortSignal,
    onProgress: (progress: number) => void,
  ): Promise<MessageItem> {
    const media = localMediaOf(message);
    if (!media) return message;
    const parts = uploadPartsOf(message, media);
    const total = parts.reduce((sum, part) => sum + part.body.size, 0) || 1;
    let done = 0;
    let told = 0;
    const tell = (progress: number) => {
      if (signal.aborted) return;
      if (progress - told < PROGRESS_STEP && progress < 1) return;
      told = progress;
      onProgress(Math.min(1, progress));
    };
    const answers: MediaUploadResp[] = [];
    for (const part of parts) {
      if (signal.aborted) throw new ApiError(SdkErrCode.CANCELLED, 'cancelled');
      const answer = await this.#upload({
        ...part,
        signal,
        onProgress: (loaded) => tell((done + Math.min(loaded, part.body.size)) / total),
      });
      done += part.body.size;
      answers.push(answer);
      tell(done / total);
    }
    if (signal.aborted) throw new ApiError(SdkErrCode.CANCELLED, 'cancelled');
    return fillUploaded(message, answers);
  }
}
