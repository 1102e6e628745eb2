/** The longest side a picture or video bubble takes on screen, in CSS pixels. */
export const BUBBLE_MEDIA_SIDE = 200;

/** A width and height scaled to fit a square of `side` (never enlarged; a square when unknown). */
export function fitSize(
  width: number | undefined,
  height: number | undefined,
  side = BUBBLE_MEDIA_SIDE,
): { width: number; height: number } {
  if (!width || !height) return { width: side * 0.75, height: side * 0.75 };
  const scale = Math.min(1, side / Math.max(width, height));
  return { width: Math.max(40, Math.round(width * scale)), height: Math.max(40, Math.round(height * scale)) };
}
