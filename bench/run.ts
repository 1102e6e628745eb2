/**
 * `npm run bench -- <name> [--flag value …]`: runs one benchmark and writes its figures into
 * bench/results/. Benchmarks measure; they never pass or fail.
 */
const benches: Record<string, () => Promise<{ main: (args: string[]) => Promise<void> }>> = {
  messaging: () => import('./messaging/messaging-bench.ts'),
  'first-screen': () => import('./first-screen/first-screen-bench.ts'),
  call: () => import('./call/call-bench.ts'),
  cluster: () => import('./cluster/cluster-bench.ts'),
  lighthouse: () => import('./lighthouse/lighthouse-bench.ts'),
  'chat-open': () => import('./chat-open/chat-open-bench.ts'),
  history: () => import('./history/history-bench.ts'),
};

const [name = 'messaging', ...args] = process.argv.slice(2);
const load = benches[name];
if (!load) {
  console.error(`unknown benchmark "${name}"; known: ${Object.keys(benches).join(', ')}`);
  process.exit(2);
}
await (await load()).main(args);
