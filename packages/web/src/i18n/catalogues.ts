import type { BackendModule } from 'i18next';
import type { Catalogue } from './locales/en';
import type { Language } from './language';
import { isLanguage } from './language';

/**
 * Each language's catalogue is its own chunk, and only the one in use loads
 * (docs/decisions.md#first-screen); the service worker keeps both for offline starts and switches.
 */
export function loadCatalogue(language: Language): Promise<Catalogue> {
  return language === 'en'
    ? import('./locales/en').then((module) => module.en)
    : import('./locales/zh-CN').then((module) => module.zhCN);
}

/** i18next's way of asking for a language it does not hold yet. */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, _namespace, callback) => {
    if (!isLanguage(language)) {
      callback(new Error(`no catalogue for ${language}`), null);
      return;
    }
    loadCatalogue(language).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};
