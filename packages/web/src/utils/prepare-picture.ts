/** The longest side of a picture sent without "original" (docs/product.md#media-messages). */
export const PICTURE_MAX_SIDE = 1920;

/** Types the server keeps as pictures; anything else is redrawn as JPEG. */
const KEPT_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export interface PreparedPicture {
  blob: Blob;
  width: number;
  height: number;
}

/** The size of a picture after fitting its longest side into `max` (never enlarged). */
export function fittedSize(width: number, height: number, max = PICTURE_MAX_SIDE) {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

function canvasBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('picture not encoded'))), type, 0.85),
  );
}

/**
 * A picture ready to send: its own bytes when sent as original, small enough, or a GIF (a redraw
 * would stop its animation); else redrawn on a canvas with the long side at 1920 px (PNG stays PNG
 * for its transparency, everything else becomes JPEG). The pixel size comes with it.
 */
export async function preparePicture(file: Blob, original: boolean): Promise<PreparedPicture> {
  const bitmap = await createImageBitmap(file);
  try {
    const { width, height } = bitmap;
    const fitted = fittedSize(width, height);
    const small = fitted.width === width && fitted.height === height;
    if ((original || small || file.type === 'image/gif') && KEPT_TYPES.has(file.type)) {
      return { blob: file, width, height };
    }
    const canvas = document.createElement('canvas');
    canvas.width = fitted.width;
    canvas.height = fitted.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(bitmap, 0, 0, fitted.width, fitted.height);
    const blob = await canvasBlob(canvas, file.type === 'image/png' ? 'image/png' : 'image/jpeg');
    return { blob, ...fitted };
  } finally {
    bitmap.close();
  }
}
