import { configDefaults, defineConfig } from 'vitest/config';
import { antdDirectImports } from './packages/web/antd-direct-imports.ts';
import { reactRenderAlias } from './packages/web/vite.config.ts';
import { startCatalogues } from './packages/web/start-catalogue-plugin.ts';

/**
 * One run for the whole suite: unit and integration per package, then the browser journeys.
 * The summary reporter prints the closing `N passed, N failed` line that CI reads.
 */
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      { test: { name: 'protocol', include: ['packages/protocol/test/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'sdk',
          include: ['packages/sdk/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The build's import rewrite, so tests run the same antd-mobile modules as the page does.
        plugins: [antdDirectImports(), startCatalogues()],
        resolve: { alias: [reactRenderAlias] },
        test: {
          name: 'web',
          include: ['packages/web/test/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'e2e/cluster/**'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 120_000,
        },
      },
      {
        // Fault tests against real processes (scripts/cluster.sh): one cluster at a time.
        test: {
          name: 'cluster',
          include: ['e2e/cluster/**/*.test.ts'],
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
