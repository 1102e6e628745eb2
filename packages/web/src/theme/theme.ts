/** The appearance setting (docs/product.md#appearance), kept on this device. */
export const THEME_KEY = 'IM_THEME';

export const themeChoices = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof themeChoices)[number];

const systemDark = () => window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false;

export function storedTheme(): ThemeChoice {
  const value = localStorage.getItem(THEME_KEY);
  return (themeChoices as readonly string[]).includes(value ?? '') ? (value as ThemeChoice) : 'system';
}

/**
 * Shows the theme: antd-mobile and our tokens (styles/tokens.css) follow the attribute; the
 * browser's bar takes the page's surface colour. public/theme-boot.js did the same before the first
 * paint.
 */
function apply(choice: ThemeChoice): void {
  const dark = choice === 'dark' || (choice === 'system' && systemDark());
  document.documentElement.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');
  const surface = getComputedStyle(document.documentElement).getPropertyValue('--im-surface').trim();
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', surface);
}

export function setTheme(choice: ThemeChoice): void {
  localStorage.setItem(THEME_KEY, choice);
  apply(choice);
}

/** At start: the stored choice, and the system's changes while "follow system" is chosen. */
export function initTheme(): void {
  apply(storedTheme());
  window.matchMedia?.('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (storedTheme() === 'system') apply('system');
  });
}
