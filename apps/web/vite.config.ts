import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

// The API runs separately in development (`npm run dev`); Vite forwards /api to it
// so the browser sees one origin, as in production.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // Fonts stay files: inlined as data, a small subset (and its unused WOFF twin)
    // would ride in the stylesheet of every visit instead of loading when a text needs it.
    assetsInlineLimit: (file) => (/\.(woff2?|ttf|otf)$/.test(file) ? false : undefined),
    // Vite's module graph (which chunk each source file became, and what it imports),
    // kept for scripts/route-sizes.ts; finish-build.ts moves it out of the served folder.
    manifest: true,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false, ws: false },
    },
  },
});
