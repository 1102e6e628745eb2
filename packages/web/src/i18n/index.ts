import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { im } from '../sdk/im';
import { catalogueBackend } from './catalogues';
import { pickLanguage } from './language';
import type { Language } from './language';

export const i18n = i18next.createInstance();

function applyToPage(language: Language): void {
  // Dates take their language per call (utils/time-format.ts); other screens show only digits.
  document.documentElement.lang = language;
}

/**
 * Starts i18next in the chosen language; its catalogue loads as the first screen's code does
 * (i18n/catalogues.ts), and screens wait for it (react-i18next suspends). Resolves once it is in.
 */
export async function initI18n(): Promise<typeof i18n> {
  const language = pickLanguage(im.getLanguage(), navigator.language);
  applyToPage(language);
  await i18n
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      ns: ['translation'],
      interpolation: { escapeValue: false }, // React escapes already
    });
  document.title = i18n.t('app.name');
  return i18n;
}

/** /language: switch now and keep the choice for this tab (IMI18n in session storage). */
export async function setLanguage(language: Language): Promise<void> {
  im.setLanguage(language);
  await i18n.changeLanguage(language);
  applyToPage(language);
  // Pushes come in the device's language: the server hears of the change (docs/api.md#web-push).
  import('../pwa/web-push-client')
    .then(({ previewHere, updatePush }) => updatePush(language, previewHere()))
    .catch((error: unknown) => console.error('push language not updated', error));
}
