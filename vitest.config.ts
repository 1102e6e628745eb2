import { configDefaults, defineConfig } from 'vitest/config';
import { antdDirectImports } from './packages/web/antd-direct-imports.ts';
import { reactRenderAlias } from './packages/web/vite.config.ts';
import { startCatalogues } from './packages/web/start-catalogue-plugin.ts';

/**
 * Unit and integration files are independent (each server has a database of its own, each scale-out
 * block a Redis prefix of its own), so they run on two workers; the browser journeys and the cluster
 * fault tests come after them, one file at a time (docs/decisions.md#one-test-run-one-closing-line).
 */
const UNIT_GROUP = { maxWorkers: 2, sequence: { groupOrder: 0 } } as const;
/**
 * Server and sdk files share one module graph per worker instead of importing the server afresh for
 * every file (a third of their time); spies and stubbed globals are put back after each test.
 */
const SHARED_MODULES = { isolate: false, restoreMocks: true, unstubGlobals: true } as const;

/**
 * V8 flags for every test process (docs/decisions.md "A worker that dies names its file"). A test
 * process starts and stops the server's threads hundreds of times, and each thread runs Node's
 * WebAssembly type stripper; V8 13.6 then once aborted freeing a tiered-up wrapper's code, which its
 * cache shares between threads (`Check failed: jit_page.has_value()`, a core dump here). Wrappers kept
 * generic and Wasm code at its first tier, no code is replaced, so none is freed while running.
 */
const NODE_FLAGS: { execArgv: string[] } = {
  execArgv: ['--wasm-wrapper-tiering-budget=2147483647', '--liftoff-only'],
};

/**
 * One run for the whole suite: unit and integration per package, then the browser journeys.
 * The summary reporter prints the closing `N passed, N failed` line that CI reads.
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'protocol',
          ...NODE_FLAGS,
          include: ['packages/protocol/test/**/*.test.ts'],
          ...UNIT_GROUP,
        },
      },
      {
        test: {
          name: 'server',
          ...NODE_FLAGS,
          include: ['packages/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...SHARED_MODULES,
          ...UNIT_GROUP,
        },
      },
      {
        test: {
          name: 'sdk',
          ...NODE_FLAGS,
          include: ['packages/sdk/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          ...SHARED_MODULES,
          ...UNIT_GROUP,
        },
      },
      {
        // The build's import rewrite, so tests run the same antd-mobile modules as the page does.
        plugins: [antdDirectImports(), startCatalogues()],
        resolve: { alias: [reactRenderAlias] },
        test: {
          name: 'web',
          ...NODE_FLAGS,
          include: ['packages/web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          ...UNIT_GROUP,
        },
      },
      {
        test: {
          name: 'e2e',
          ...NODE_FLAGS,
          include: ['e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'e2e/cluster/**'],
          fileParallelism: false,
          sequence: { groupOrder: 1 },
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Fault tests against real processes (scripts/cluster.sh): one cluster at a time.
        test: {
          name: 'cluster',
          ...NODE_FLAGS,
          include: ['e2e/cluster/**/*.test.ts'],
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
