/**
 * How SQLite's index finds a keyword (docs/decisions.md#message-search). The index keeps which
 * messages hold a trigram, not where, so it answers no phrase: a keyword's trigrams are asked each
 * as a term of its own, all of them required, and each candidate's text is then checked whole.
 */

/** The SQL function, on the connections that search (search-file.ts), that checks a candidate. */
export const CONTAINS_FOLDED = 'im_contains_folded';

/**
 * Whether the text holds the keyword whatever the case of either (any script: Ж and ж, É and é, as
 * the trigram tokenizer folds them); `%`, `_` and `\` are characters like any other.
 */
export function containsFolded(text: unknown, keyword: unknown): number {
  if (typeof text !== 'string' || typeof keyword !== 'string') return 0;
  return text.toLowerCase().includes(keyword.toLowerCase()) ? 1 : 0;
}

/**
 * The FTS5 query of a keyword of 3+ characters: each distinct run of three characters (code points,
 * as the tokenizer counts them) in double quotes, its own quotes doubled, joined by AND.
 */
export function trigramQuery(keyword: string): string {
  const chars = [...keyword];
  const trigrams = new Set<string>();
  for (let i = 0; i + 3 <= chars.length; i += 1) trigrams.add(chars.slice(i, i + 3).join(''));
  return [...trigrams].map((trigram) => `"${trigram.replace(/"/g, '""')}"`).join(' AND ');
}
