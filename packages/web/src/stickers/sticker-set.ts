/**
 * The built-in sticker set sent as face messages (115): drawn for this project and shipped under
 * its licence (see LICENSE.md beside this file). A face message carries the sticker's `id` as
 * `data` and its position here as `index`; the id is what a receiver looks up, so ids never change.
 */

export type StickerID =
  | 'smile'
  | 'laugh'
  | 'wink'
  | 'love'
  | 'sad'
  | 'angry'
  | 'surprised'
  | 'sleepy'
  | 'cool'
  | 'heart'
  | 'thumbsup'
  | 'star';

export interface Sticker {
  id: StickerID;
  /** A data: URL of the sticker's SVG, usable as an img src. */
  src: string;
}

const face = (inner: string, fill = '#ffd43b') =>
  `<circle cx="32" cy="32" r="28" fill="${fill}" stroke="#e8a400" stroke-width="2"/>${inner}`;
const eyes = '<circle cx="23" cy="26" r="4" fill="#333"/><circle cx="41" cy="26" r="4" fill="#333"/>';
const stroke = 'fill="none" stroke="#333" stroke-width="3" stroke-linecap="round"';

const drawings: Record<StickerID, string> = {
  smile: face(`${eyes}<path d="M20 38 Q32 50 44 38" ${stroke}/>`),
  laugh: face(`${eyes}<path d="M18 36 H46 Q44 52 32 52 Q20 52 18 36 Z" fill="#333"/>`),
  wink: face(
    `<circle cx="23" cy="26" r="4" fill="#333"/><path d="M36 26 H46" ${stroke}/><path d="M20 38 Q32 50 44 38" ${stroke}/>`,
  ),
  love: face(
    '<path d="M23 31 l-6-6 a4 4 0 0 1 6-5 a4 4 0 0 1 6 5 Z" fill="#e03131"/><path d="M41 31 l-6-6 a4 4 0 0 1 6-5 a4 4 0 0 1 6 5 Z" fill="#e03131"/>' +
      `<path d="M20 40 Q32 50 44 40" ${stroke}/>`,
  ),
  sad: face(
    `${eyes}<path d="M20 46 Q32 36 44 46" ${stroke}/><path d="M18 32 v6" stroke="#4dabf7" stroke-width="3"/>`,
  ),
  angry: face(
    `${eyes}<path d="M16 18 L28 23 M48 18 L36 23" ${stroke}/><path d="M22 46 Q32 38 42 46" ${stroke}/>`,
    '#ff8787',
  ),
  surprised: face(`${eyes}<circle cx="32" cy="44" r="6" fill="#333"/>`),
  sleepy: face(
    `<path d="M18 27 Q23 31 28 27 M36 27 Q41 31 46 27" ${stroke}/><path d="M26 42 H38" ${stroke}/><text x="44" y="16" font-size="12" font-family="sans-serif" fill="#1971c2">z</text>`,
  ),
  cool: face(
    '<rect x="14" y="21" width="16" height="10" rx="3" fill="#222"/><rect x="34" y="21" width="16" height="10" rx="3" fill="#222"/><path d="M30 25 H34" stroke="#222" stroke-width="3"/>' +
      `<path d="M22 40 Q32 48 42 40" ${stroke}/>`,
  ),
  heart: '<path d="M32 56 L10 34 A12 12 0 0 1 32 16 A12 12 0 0 1 54 34 Z" fill="#e03131"/>',
  thumbsup:
    '<path d="M12 30 H22 V54 H12 Z" fill="#f59f00"/><path d="M24 30 L34 10 Q40 10 39 18 L37 28 H50 Q55 29 54 35 L50 50 Q48 54 44 54 H24 Z" fill="#ffd43b" stroke="#e8a400" stroke-width="2"/>',
  star: '<path d="M32 6 L39 24 L58 24 L43 36 L49 56 L32 44 L15 56 L21 36 L6 24 L25 24 Z" fill="#fcc419" stroke="#e8a400" stroke-width="2"/>',
};

const toSrc = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${body}</svg>`)}`;

/** The set in its panel order; `index` in a face message is the position here. */
export const stickers: readonly Sticker[] = (Object.keys(drawings) as StickerID[]).map((id) => ({
  id,
  src: toSrc(drawings[id]),
}));

/** A sticker by the id a face message carries, or undefined for one this client does not ship. */
export function stickerByID(id: string): Sticker | undefined {
  return stickers.find((sticker) => sticker.id === id);
}
