import { defineConfig } from 'vitest/config';

/** Unit and integration tests (everything under test/ except the Playwright e2e suite; benchmarks run with `npm run bench`). */
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
  },
});
