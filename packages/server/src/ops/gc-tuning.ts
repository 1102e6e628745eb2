import { setFlagsFromString } from 'node:v8';

/**
 * The garbage collector's settings of the server's process (docs/decisions.md "The message hot path",
 * pretenuring), applied by `server.ts` before the app is built. V8 flags are the process's, so the
 * store's and the index's threads run with them too.
 *
 * Allocation-site pretenuring is off. V8 allocates straight into the old generation from a site whose
 * objects survived young collections, and the sites that learn it here are the per-socket ones: ws's
 * frame reader and Node's socket reads, whose objects outlive a young collection only while a socket
 * is idle between two frames. Under load their objects die within milliseconds, but as pretenured
 * garbage only a full collection frees them, so the old generation grew ~6 MB a second at 7,500
 * msg/s, and every ~10 s a full collection's concurrent marking took 150-300 ms of CPU at once, on
 * cores the sends had filled.
 */
export function tuneGarbageCollector(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
