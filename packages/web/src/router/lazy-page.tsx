import { createElement, lazy } from 'react';
import type { ComponentType } from 'react';
import { loadWholeCatalogue } from '../i18n';

export type LazyPage = ComponentType & {
  /** Loads the screen's code now (the route still renders it when it is shown). */
  preload: () => Promise<ComponentType>;
};

/**
 * A screen whose code (and, unless it is a first screen, whole catalogue) loads when first shown, so
 * the login screen's bundle stays small. Screens are
 * named exports; React.lazy wants a default one. Once the code is there (shown before, or
 * preloaded), the screen renders at once instead of suspending: React holds a suspended screen back
 * for about 300 ms before revealing it (docs/decisions.md#first-screen).
 */
export function lazyPage<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  { startScreen = false } = {},
): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  // A first screen needs only the catalogue's start sections; any other waits for the whole one
  // (i18n/start-sections.ts).
  const catalogue = () => (startScreen ? Promise.resolve() : loadWholeCatalogue());
  const preload = () =>
    (loading ??= Promise.all([load(), catalogue()]).then(([module]) => {
      loaded = module[name] as ComponentType;
      return loaded;
    }));
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Page = () => createElement(loaded ?? Lazy);
  return Object.assign(Page, { preload });
}
