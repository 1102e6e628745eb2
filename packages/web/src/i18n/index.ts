import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { im } from '../sdk/im';
import { en } from './locales/en';
import { zhCN } from './locales/zh-CN';
import { pickLanguage } from './language';
import { previewHere, updatePush } from '../pwa/web-push-client';
import type { Language } from './language';

export const i18n = i18next.createInstance();

function applyToPage(language: Language): void {
  document.documentElement.lang = language;
  dayjs.locale(language === 'en' ? 'en' : 'zh-cn');
}

/** Both catalogues are bundled: they are small, and a language switch must not wait for the network. */
export function initI18n(): typeof i18n {
  const language = pickLanguage(im.getLanguage(), navigator.language);
  void i18n.use(initReactI18next).init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    lng: language,
    fallbackLng: 'en',
    interpolation: { escapeValue: false }, // React escapes already
    initAsync: false,
  });
  applyToPage(language);
  document.title = i18n.t('app.name');
  return i18n;
}

/** /language: switch now and keep the choice for this tab (IMI18n in session storage). */
export async function setLanguage(language: Language): Promise<void> {
  im.setLanguage(language);
  await i18n.changeLanguage(language);
  applyToPage(language);
  // Pushes come in the device's language: the server hears of the change (docs/api.md#web-push).
  updatePush(language, previewHere()).catch((error: unknown) =>
    console.error('push language not updated', error),
  );
}
