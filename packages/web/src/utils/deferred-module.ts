import { useEffect, useSyncExternalStore } from 'react';
import { afterFirstScreen } from '../router/first-screen';
import { betweenTaps, watchTaps } from './between-taps';

export interface DeferredModule<T> {
  /** The module once loaded, else undefined; asks for it (after the first screen) on first use. */
  use: () => T | undefined;
  /** Loads it now (the user is about to need it). */
  loadNow: () => void;
}

/** How long the app stays quiet after its first screen before it loads a deferred module unasked. */
const QUIET_MS = 5000;

/**
 * A module a first screen can do without for a moment (antd-mobile's SwipeAction with its gesture
 * and animation libraries): components render a plain version until it has loaded, and then the
 * full one. It loads when the user starts to interact (`loadNow`), or unasked once the first screen
 * has been shown and quiet for a few seconds, so its evaluation never competes with the first
 * screen or the prefetch of the chat (docs/decisions.md#first-screen).
 */
export function deferredModule<T>(load: () => Promise<T>): DeferredModule<T> {
  let value: T | undefined;
  let requested = false;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  let loading = false;
  const loadNow = () => {
    if (loading) return;
    loading = true;
    load().then(
      (loaded) =>
        // The full component replaces the plain one's elements: never in the middle of a tap.
        betweenTaps(() => {
          value = loaded;
          for (const listener of listeners) listener();
        }),
      (error: unknown) => console.error('deferred module not loaded', error),
    );
  };
  const request = () => {
    if (requested) return;
    requested = true;
    afterFirstScreen(() => setTimeout(loadNow, QUIET_MS));
  };
  watchTaps();
  return {
    use: () => {
      const current = useSyncExternalStore(subscribe, () => value);
      useEffect(request, []);
      return current;
    },
    loadNow,
  };
}
