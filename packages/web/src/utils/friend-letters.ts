import { pinyin } from 'pinyin-pro';

/**
 * The index of names that start with neither a Latin letter nor a Chinese character
 * (docs/product.md#avatars-and-contacts-list).
 */
export const OTHER_LETTER = '#';

const LATIN = /^[a-z]$/i;
const HAN = /^\p{Script=Han}$/u;

/** The first character of a string, whole even when it is outside the BMP (an emoji). */
const firstChar = (text: string) => Array.from(text.trim())[0] ?? '';

/** Pinyin of a Chinese name, surnames read as surnames (曾 zeng, 单 shan), without tones. */
function toPinyin(name: string): string {
  return pinyin(name, { toneType: 'none', surname: 'head', type: 'array', nonZh: 'consecutive' })
    .join('')
    .toLowerCase();
}

/**
 * The index letter of a name (docs/product.md#avatars-and-contacts-list): A–Z for a Latin first
 * letter, the pinyin initial for a Chinese one, else #.
 */
export function indexLetter(name: string): string {
  const first = firstChar(name);
  if (LATIN.test(first)) return first.toUpperCase();
  if (HAN.test(first)) {
    const initial = firstChar(toPinyin(first));
    if (LATIN.test(initial)) return initial.toUpperCase();
  }
  return OTHER_LETTER;
}

/** The key names sort by inside a letter: pinyin for Chinese, the name itself otherwise. */
export function sortKey(name: string): string {
  return toPinyin(name.trim());
}

export interface LetterGroup<T> {
  letter: string;
  items: T[];
}

/** Items grouped by the index letter of their shown name: A–Z, then #; each group sorted by name. */
export function groupByLetter<T>(items: readonly T[], nameOf: (item: T) => string): LetterGroup<T>[] {
  const groups = new Map<string, { key: string; item: T }[]>();
  for (const item of items) {
    const name = nameOf(item);
    const letter = indexLetter(name);
    const group = groups.get(letter) ?? [];
    group.push({ key: sortKey(name), item });
    groups.set(letter, group);
  }
  const last = (letter: string) => (letter === OTHER_LETTER ? 1 : 0);
  return [...groups.entries()]
    .sort(([a], [b]) => last(a) - last(b) || (a < b ? -1 : a > b ? 1 : 0))
    .map(([letter, entries]) => ({
      letter,
      items: entries.sort((a, b) => a.key.localeCompare(b.key)).map((e) => e.item),
    }));
}
