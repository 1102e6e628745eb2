import { vi } from 'vitest';
import type { IMEvents } from '@im/sdk';
import { im } from '../src/sdk/im';

type Listener = (payload: never) => void;
const listeners = new Map<keyof IMEvents, Set<Listener>>();
const on = im.on.bind(im);

/**
 * The core emits only what its session hears; a test plays the core's events instead. Every
 * listener the app adds from the import of this file on is recorded (and still added to the core).
 */
vi.spyOn(im, 'on').mockImplementation((event, listener) => {
  let set = listeners.get(event);
  if (!set) listeners.set(event, (set = new Set()));
  set.add(listener as Listener);
  const off = on(event, listener);
  return () => {
    set.delete(listener as Listener);
    off();
  };
});

/** Plays one event of the core to the app's listeners. */
export function emitCoreEvent<K extends keyof IMEvents>(event: K, payload: IMEvents[K]): void {
  for (const listener of [...(listeners.get(event) ?? [])]) (listener as (p: IMEvents[K]) => void)(payload);
}
