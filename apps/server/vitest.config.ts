import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Fault tests start and kill whole servers: `npm run test:faults`, run on their own.
    exclude: ['test/faults/**', '**/node_modules/**'],
    // argon2 and PGlite start-up are slow on a 2-core machine; keep failures readable.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
