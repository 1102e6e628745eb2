import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { im } from '../sdk/im';
import { catalogueBackend, loadCatalogue, loadStartCatalogue } from './catalogues';
import { isLanguage, pickLanguage } from './language';
import type { Language } from './language';

export const i18n = i18next.createInstance();

function applyToPage(language: Language): void {
  // Dates take their language per call (utils/time-format.ts); other screens show only digits.
  document.documentElement.lang = language;
}

const wholeCatalogues = new Map<Language, Promise<void>>();
/** Whether any text was asked for that the catalogue did not hold yet (shown as its key). */
let keyMissed = false;

/**
 * Starts i18next in the chosen language; its catalogue loads as the first screen's code does
 * (i18n/catalogues.ts), and screens wait for it (useTranslation suspends). Resolves once it is in.
 * An app that opens on a first screen (login, conversation list) starts with the start sections
 * alone (i18n/start-sections.ts); one opened on any other screen, with the whole catalogue.
 */
export async function initI18n({ startSectionsOnly = true } = {}): Promise<typeof i18n> {
  const language = pickLanguage(im.getLanguage(), navigator.language);
  applyToPage(language);
  // A later loadWholeCatalogue of a language loaded whole here gets the same module: no second fetch.
  const load = (lng: Language): Promise<object> =>
    startSectionsOnly ? loadStartCatalogue(lng) : loadCatalogue(lng);
  await i18n
    .use(catalogueBackend(load))
    .use(initReactI18next)
    .init({
      lng: language,
      fallbackLng: false,
      ns: ['translation'],
      interpolation: { escapeValue: false }, // React escapes already
      // The rest of the catalogue, added later, renders again what is on screen, when something
      // on it asked for a text the start sections lack (loadWholeCatalogue below).
      react: { bindI18nStore: 'added' },
      parseMissingKeyHandler: (key, defaultValue) => {
        keyMissed = true;
        return defaultValue ?? key;
      },
    });
  document.title = i18n.t('app.name');
  return i18n;
}

/**
 * The whole catalogue of a language (the current one by default), added to its start sections once:
 * after the first screen, and before any other screen shows (router/lazy-page.tsx).
 */
export function loadWholeCatalogue(language = i18n.resolvedLanguage ?? i18n.language): Promise<void> {
  if (!isLanguage(language)) return Promise.resolve();
  let loading = wholeCatalogues.get(language);
  if (!loading) {
    loading = loadCatalogue(language).then((catalogue) => {
      // Added silently when every text shown so far was found: rendering every screen element again
      // was a long task right after the first screen (docs/decisions.md#first-screen).
      i18n.addResourceBundle(language, 'translation', catalogue, true, true, { silent: !keyMissed });
    });
    loading.catch(() => wholeCatalogues.delete(language)); // a failed load is tried again
    wholeCatalogues.set(language, loading);
  }
  return loading;
}

/** /language: switch now and keep the choice for this tab (IMI18n in session storage). */
export async function setLanguage(language: Language): Promise<void> {
  im.setLanguage(language);
  // The whole catalogue first: the screen that switches is not a start screen.
  await loadWholeCatalogue(language);
  await i18n.changeLanguage(language);
  applyToPage(language);
  // Pushes come in the device's language: the server hears of the change (docs/api.md#web-push).
  import('../pwa/web-push-client')
    .then(({ previewHere, updatePush }) => updatePush(language, previewHere()))
    .catch((error: unknown) => console.error('push language not updated', error));
}
