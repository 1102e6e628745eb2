import { ContentType, isNotification } from './content-types.ts';
import type { MessageItem } from './message.ts';

export const MsgFrom = { User: 100, System: 200 } as const;

/** The element of each user content type (built once: this runs for every message read or sent). */
const ELEM_KEYS: Record<number, keyof MessageItem> = {
  [ContentType.Text]: 'textElem',
  [ContentType.AtText]: 'atTextElem',
  [ContentType.Custom]: 'customElem',
  [ContentType.Quote]: 'quoteElem',
  [ContentType.Picture]: 'pictureElem',
  [ContentType.Voice]: 'soundElem',
  [ContentType.Video]: 'videoElem',
  [ContentType.File]: 'fileElem',
  [ContentType.Location]: 'locationElem',
  [ContentType.Card]: 'cardElem',
  [ContentType.Face]: 'faceElem',
  [ContentType.Merge]: 'mergeElem',
  [ContentType.Typing]: 'typingElem',
};

/** Which element of MessageItem carries the content of a content type. */
export function elemKeyFor(contentType: number): keyof MessageItem | null {
  if (isNotification(contentType)) return 'notificationElem';
  return ELEM_KEYS[contentType] ?? null;
}
