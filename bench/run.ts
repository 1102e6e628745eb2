import { runSuite } from './suite.ts';

/**
 * `npm run bench` runs every benchmark one after another and writes one dated suite file;
 * `npm run bench -- <name> [--flag value …]` runs one. Each writes its figures into bench/results/
 * (bench/README.md). Benchmarks measure; they never pass or fail.
 */
export const benches: Record<string, () => Promise<{ main: (args: string[]) => Promise<void> }>> = {
  messaging: () => import('./messaging/messaging-bench.ts'),
  history: () => import('./history/history-bench.ts'),
  store: () => import('./store/store-bench.ts'),
  memory: () => import('./memory/memory-bench.ts'),
  'group-fanout': () => import('./group-fanout/group-fanout-bench.ts'),
  'reconnect-storm': () => import('./reconnect-storm/reconnect-storm-bench.ts'),
  'first-screen': () => import('./first-screen/first-screen-bench.ts'),
  lighthouse: () => import('./lighthouse/lighthouse-bench.ts'),
  'chat-open': () => import('./chat-open/chat-open-bench.ts'),
  call: () => import('./call/call-bench.ts'),
  cluster: () => import('./cluster/cluster-bench.ts'),
};

const [name, ...args] = process.argv.slice(2);
if (name === undefined || name === 'suite') {
  await runSuite(benches, args);
} else {
  const load = benches[name];
  if (!load) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(benches).join(', ')}`);
    process.exit(2);
  }
  await (await load()).main(args);
}
