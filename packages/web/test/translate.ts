import i18next from 'i18next';
import { en } from '../src/i18n/locales/en';
import { zhCN } from '../src/i18n/locales/zh-CN';
import type { Translate } from '../src/i18n/keys';

/** The app's catalogues in one language, as a plain translate function (no React, no core). */
export function translator(language: 'en' | 'zh-CN'): Translate {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return (key, options) => instance.t(key, options ?? {}) as string;
}
