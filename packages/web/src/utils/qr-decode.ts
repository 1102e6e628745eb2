import jsQR from 'jsqr';

/** The text of a QR code in an RGBA picture (a video frame, a chosen image), or null. */
export function decodeQrPixels(data: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(data, width, height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
}

/** Larger pictures are scaled down first: decoding is quicker and a phone photo still reads. */
const MAX_SIDE = 1024;

/** Draws a picture (scaled to fit MAX_SIDE) and reads its QR code. */
export function decodeQrFromSource(source: CanvasImageSource, width: number, height: number): string | null {
  if (!width || !height) return null;
  const scale = Math.min(1, MAX_SIDE / Math.max(width, height));
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(source, 0, 0, w, h);
  return decodeQrPixels(context.getImageData(0, 0, w, h).data, w, h);
}

/** Reads the QR code of a chosen image file; null when there is none (or the file is no picture). */
export async function decodeQrFromFile(file: Blob): Promise<string | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return null;
  }
  try {
    return decodeQrFromSource(bitmap, bitmap.width, bitmap.height);
  } finally {
    bitmap.close();
  }
}
