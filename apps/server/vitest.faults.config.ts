import { defineConfig } from 'vitest/config';

/** Fault tests (test/faults): real processes, one file and one test at a time. */
export default defineConfig({
  test: {
    include: ['test/faults/**/*.test.ts'],
    testTimeout: 240_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
