import { useSyncExternalStore } from 'react';
import { getI18n } from 'react-i18next';
import type { i18n as I18n, TFunction } from 'i18next';

/** What a component translates with: `t` changes (and the component renders again) with the language. */
export interface Translation {
  t: TFunction<'translation'>;
  i18n: I18n;
}

interface Source {
  /** Null until the catalogue of the language is in. */
  current: Translation | null;
  subscribe: (listener: () => void) => () => void;
  get: () => Translation | null;
  /** Settles once the catalogue is in (the same promise while it is not). */
  waitReady: () => Promise<void>;
}

const sources = new WeakMap<I18n, Source>();

function isReady(i18n: I18n): boolean {
  return (i18n.isInitialized || i18n.initializedStoreOnce) && i18n.hasLoadedNamespace('translation');
}

/**
 * i18next's `t` with each plain text (a key alone, no options) kept once looked up: i18next resolves
 * a key through its store, interpolation and post-processing on every call, and a screen asks for
 * the same few dozen texts on each render (docs/decisions.md#first-screen). A new `t`, with nothing
 * kept, comes with each change of the language or the catalogue (below). The catalogue's rest,
 * added silently, holds the same texts as its start sections.
 */
function keepingPlainTexts(translate: TFunction<'translation'>): TFunction<'translation'> {
  const lookUp = translate as unknown as (key: unknown, ...rest: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  const t = (key: unknown, ...rest: unknown[]): unknown => {
    if (rest.length > 0 || typeof key !== 'string') return lookUp(key, ...rest);
    if (!texts.has(key)) texts.set(key, lookUp(key));
    return texts.get(key);
  };
  return t as unknown as TFunction<'translation'>;
}

function translationOf(i18n: I18n): Translation | null {
  return isReady(i18n) ? { t: keepingPlainTexts(i18n.getFixedT(i18n.language, 'translation')), i18n } : null;
}

/**
 * One source per i18next instance, shared by every component: one listener on the instance and one
 * `t` per language, where react-i18next's hook made each mounted component a `t`, a copy of the
 * instance's properties and listeners of its own (docs/decisions.md#first-screen).
 */
function sourceOf(i18n: I18n): Source {
  const known = sources.get(i18n);
  if (known) return known;
  const listeners = new Set<() => void>();
  let pending: { promise: Promise<void>; resolve: () => void } | null = null;
  const source: Source = {
    current: translationOf(i18n),
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    get: () => source.current,
    waitReady: () => {
      if (!pending) {
        let resolve: () => void = () => {};
        const promise = new Promise<void>((done) => (resolve = done));
        pending = { promise, resolve };
      }
      return pending.promise;
    },
  };
  const changed = () => {
    source.current = translationOf(i18n);
    if (source.current && pending) {
      pending.resolve();
      pending = null;
    }
    for (const listener of listeners) listener();
  };
  // A language switch and texts added to the catalogue (not silently: i18n/index.ts) render again
  // what shows texts, as react-i18next did with `bindI18nStore: 'added'`.
  i18n.on('initialized', changed);
  i18n.on('loaded', changed);
  i18n.on('languageChanged', changed);
  i18n.store.on('added', changed);
  sources.set(i18n, source);
  return source;
}

/**
 * The app's texts in the current language (i18n/index.ts). A screen rendered before its catalogue
 * is in waits for it (suspends), as with react-i18next.
 */
export function useTranslation(): Translation {
  const source = sourceOf(getI18n());
  const translation = useSyncExternalStore(source.subscribe, source.get, source.get);
  if (translation) return translation;
  // Suspends as react-i18next did, by throwing the promise (React's `use` of it was never retried
  // once it settled, when the component had suspended on its first render).
  throw source.waitReady();
}
