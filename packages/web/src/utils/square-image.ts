/** The side of an avatar as uploaded: enough for every size the app shows, small to send. */
export const AVATAR_SIDE = 512;

/**
 * A picture cropped to its centre square and scaled down to at most `side` pixels, as a JPEG on a
 * white ground (so transparent PNGs do not turn black). What the avatar preview shows is what is
 * uploaded.
 */
export async function squareImage(file: Blob, side = AVATAR_SIDE): Promise<Blob> {
  const bitmap = await createImageBitmap(file);
  try {
    const crop = Math.min(bitmap.width, bitmap.height);
    const out = Math.min(side, crop);
    const canvas = document.createElement('canvas');
    canvas.width = out;
    canvas.height = out;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, out, out);
    const sx = (bitmap.width - crop) / 2;
    const sy = (bitmap.height - crop) / 2;
    context.drawImage(bitmap, sx, sy, crop, crop, 0, 0, out, out);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('encoding failed'))),
        'image/jpeg',
        0.9,
      ),
    );
  } finally {
    bitmap.close();
  }
}
