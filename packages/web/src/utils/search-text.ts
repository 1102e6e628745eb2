/** A piece of a text with whether it is a hit of the keyword. */
export interface TextPart {
  text: string;
  hit: boolean;
}

/**
 * The text cut around every case-insensitive occurrence of the keyword (Chinese included), so that
 * a result can mark its hits (docs/product.md#search). No keyword: the text as one part.
 */
export function splitByKeyword(text: string, keyword: string): TextPart[] {
  const needle = keyword.trim().toLocaleLowerCase();
  if (!needle) return [{ text, hit: false }];
  const haystack = text.toLocaleLowerCase();
  // Lower-casing keeps the length of the texts handled here; if it did not, mark nothing rather than wrong parts.
  if (haystack.length !== text.length) return [{ text, hit: false }];
  const parts: TextPart[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false });
    parts.push({ text: text.slice(at, at + needle.length), hit: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false });
  return parts;
}

/** Whether the text contains the keyword, case-insensitively. */
export function containsKeyword(text: string | undefined, keyword: string): boolean {
  const needle = keyword.trim().toLocaleLowerCase();
  return Boolean(needle && text && text.toLocaleLowerCase().includes(needle));
}
