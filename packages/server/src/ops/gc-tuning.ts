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

/**
 * Node's flags for the server's process, which only its command line can give: `npm start` (both
 * package.json files), scripts/cluster.sh and the benches start it with them, and a test keeps those
 * in step (test/start-command.test.ts).
 *
 * `--v8-pool-size=0`: V8's background threads (the collections' parallel and concurrent work,
 * compiling), shared by every isolate of the process, number one fewer than the cores Node sees (at
 * least one), where its default is four whatever the cores. On 2 cores that is one thread: the four
 * took a core's turns from the event loop's thread and the store's at every collection
 * (docs/decisions.md "The message hot path").
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--v8-pool-size=0'];
