import { defineConfig } from 'vitest/config';

// Two cores on CI: end-to-end tests each start Chromium, so keep at most two test files at once.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
