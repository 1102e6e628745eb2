export interface VideoFacts {
  /** Seconds (0 when the file does not say). */
  duration: number;
  poster: Blob;
  width: number;
  height: number;
}

/** How long reading a video's first frame may take before a plain poster is used. */
const POSTER_TIMEOUT_MS = 8000;
const FALLBACK_SIDE = 320;

function once(target: EventTarget, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    target.addEventListener(event, () => resolve(), { once: true });
    target.addEventListener('error', () => reject(new Error('video not readable')), { once: true });
  });
}

function jpeg(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('poster not encoded'))),
      'image/jpeg',
      0.8,
    ),
  );
}

async function readFrame(video: HTMLVideoElement): Promise<{ duration: number }> {
  await once(video, 'loadedmetadata');
  let duration = video.duration;
  // A WebM from MediaRecorder has no duration in its header: seeking far makes the browser find it.
  if (!Number.isFinite(duration)) {
    video.currentTime = Number.MAX_SAFE_INTEGER;
    await once(video, 'seeked');
    duration = video.duration;
  }
  video.currentTime = Number.isFinite(duration) ? Math.min(0.1, duration / 2) : 0;
  await once(video, 'seeked');
  return { duration: Number.isFinite(duration) ? duration : 0 };
}

/**
 * A video's duration and poster frame, read on the client with a <video> and a canvas (the server
 * never decodes video). A video the browser cannot decode still gets a plain dark poster.
 */
export async function readVideo(file: Blob): Promise<VideoFacts> {
  const url = URL.createObjectURL(file);
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.src = url;
  const canvas = document.createElement('canvas');
  try {
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('video read timed out')), POSTER_TIMEOUT_MS),
    );
    let duration = 0;
    try {
      ({ duration } = await Promise.race([readFrame(video), timeout]));
      canvas.width = video.videoWidth || FALLBACK_SIDE;
      canvas.height = video.videoHeight || FALLBACK_SIDE;
      canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    } catch (error) {
      console.warn('video frame not read', error);
      canvas.width = FALLBACK_SIDE;
      canvas.height = FALLBACK_SIDE;
      const context = canvas.getContext('2d');
      if (context) {
        context.fillStyle = '#222';
        context.fillRect(0, 0, canvas.width, canvas.height);
      }
    }
    return { duration, poster: await jpeg(canvas), width: canvas.width, height: canvas.height };
  } finally {
    video.removeAttribute('src');
    video.load();
    URL.revokeObjectURL(url);
  }
}
