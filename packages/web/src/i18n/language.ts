/** The languages the interface offers, as i18next names them. */
export const languages = ['zh-CN', 'en'] as const;
export type Language = (typeof languages)[number];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/**
 * The language kept for this tab wins; otherwise Chinese, unless the browser speaks English
 * (docs/product.md#audience-and-features).
 */
export function pickLanguage(
  stored: string | null | undefined,
  browserLanguage: string | undefined,
): Language {
  if (isLanguage(stored)) return stored;
  return browserLanguage?.toLowerCase().startsWith('en') ? 'en' : 'zh-CN';
}
