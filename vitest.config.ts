import { defineConfig } from 'vitest/config';

/** Unit and integration tests (everything under test/ except the Playwright e2e suite and benchmarks). */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    benchmark: { include: ['test/bench/**/*.bench.ts'] },
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
