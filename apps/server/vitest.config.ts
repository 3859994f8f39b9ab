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
    // Each worker keeps its loaded modules from one file to the next instead of
    // importing the whole server again for each of ~90 files: the imports were
    // 140–210 s of the suite's time, 18 s without (measured 2026-11-27). Every
    // file builds its own app and database, and the few tests that fake timers
    // restore them, so no state crosses files; a test that needs a fresh module
    // must say so itself (vi.resetModules).
    isolate: false,
  },
});
