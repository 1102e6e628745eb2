import { lazy } from 'react';
import type { ComponentType } from 'react';

/**
 * A screen whose code loads when first shown, so the login screen's bundle stays small.
 * Screens are named exports; React.lazy wants a default one.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
