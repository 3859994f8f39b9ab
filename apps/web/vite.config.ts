import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

// The API runs separately in development (`npm run dev`); Vite forwards /api to it
// so the browser sees one origin, as in production.
const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:3001';

/**
 * Keeps a copy of React Router's server build as `<build>/ssr` (issue 34). With
 * `ssr: false` the build renders the prerendered pages with it and then deletes
 * it; the server uses the copy to render the signed-in Kontakt screen
 * (src/entry.server.tsx). Copied as soon as it is written, before React Router's
 * own step (which moves its assets and then removes it) starts.
 */
function keepServerBuild(): Plugin {
  let isServerBuild = false;
  return {
    name: 'studio:keep-server-build',
    apply: 'build',
    configResolved(config) {
      isServerBuild = Boolean(config.build.ssr);
    },
    writeBundle: {
      order: 'pre',
      handler(options) {
        if (!isServerBuild || !options.dir) return;
        const copy = path.join(path.dirname(options.dir), 'ssr');
        fs.rmSync(copy, { recursive: true, force: true });
        fs.cpSync(options.dir, copy, { recursive: true });
      },
    },
  };
}

export default defineConfig({
  plugins: [keepServerBuild(), tailwindcss(), reactRouter()],
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
