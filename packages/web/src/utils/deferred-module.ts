import { useEffect, useSyncExternalStore } from 'react';
import { afterFirstScreen } from '../router/first-screen';

export interface DeferredModule<T> {
  /** The module once loaded, else undefined; asks for it (after the first screen) on first use. */
  use: () => T | undefined;
}

/**
 * A module a first screen can do without for a moment (antd-mobile's SwipeAction with its gesture
 * and animation libraries): components render a plain version until it has loaded, after the
 * first screen is shown (docs/decisions.md#first-screen), and then the full one.
 */
export function deferredModule<T>(load: () => Promise<T>): DeferredModule<T> {
  let value: T | undefined;
  let requested = false;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const request = () => {
    if (requested) return;
    requested = true;
    afterFirstScreen(() => {
      load().then(
        (loaded) => {
          value = loaded;
          for (const listener of listeners) listener();
        },
        (error: unknown) => console.error('deferred module not loaded', error),
      );
    });
  };
  return {
    use: () => {
      const current = useSyncExternalStore(subscribe, () => value);
      useEffect(request, []);
      return current;
    },
  };
}
