import { decodeQrFromSource } from './qr-decode';

/** How often a frame is decoded: often enough to feel instant, rare enough for a slow phone. */
const FRAME_INTERVAL_MS = 250;

export interface CameraScanHandlers {
  /** The camera shows in the video element. */
  onStarted: () => void;
  /** No camera, no permission, or no camera API. */
  onUnavailable: (error: unknown) => void;
  /** A QR code's text, read from a frame (again on each frame while it stays in view). */
  onText: (text: string) => void;
}

/**
 * Shows the back camera (getUserMedia) in `video` and reads a QR code from a frame every
 * FRAME_INTERVAL_MS. The returned function stops it and releases the camera.
 */
export function startCameraScan(video: HTMLVideoElement, handlers: CameraScanHandlers): () => void {
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;

  const release = () => {
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
  };

  (async () => {
    if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
    stream = await navigator.mediaDevices.getUserMedia({
      video: { facingMode: 'environment' },
      audio: false,
    });
    if (stopped) return release();
    video.srcObject = stream;
    await video.play();
    if (stopped) return undefined;
    handlers.onStarted();
    timer = setInterval(() => {
      if (video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
      const text = decodeQrFromSource(video, video.videoWidth, video.videoHeight);
      if (text) handlers.onText(text);
    }, FRAME_INTERVAL_MS);
    return undefined;
  })().catch((error: unknown) => {
    release();
    if (!stopped) handlers.onUnavailable(error);
  });

  return () => {
    stopped = true;
    clearInterval(timer);
    release();
    video.srcObject = null;
  };
}
