import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Unit tests use their own config: the React Router Vite plugin is for builds and
// the dev server, not for running components in jsdom.
export default defineConfig({
  resolve: {
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    setupFiles: ['src/test/async-timeout-setup.ts'],
  },
});
