import type { Config } from '@react-router/dev/config';
import { PUBLIC_ROUTES } from '@studio/shared/routes';
import { finishBuild } from './scripts/finish-build';

/**
 * Static build: the public pages are prerendered to <route>/index.html so their
 * content is in the HTML before any script runs; every other route is rendered
 * in the browser from __spa-fallback.html. '/404' is prerendered through the
 * catch-all route and becomes 404.html (see scripts/finish-build.ts), which the
 * server sends with status 404 for unknown paths.
 */
export default {
  appDirectory: 'src',
  // The browser tests build into a private directory so that a build started
  // elsewhere in the tree cannot swap the files under a running suite.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: false,
  prerender: [...PUBLIC_ROUTES, '/404'],
  buildEnd({ reactRouterConfig }) {
    finishBuild({
      buildDirectory: reactRouterConfig.buildDirectory,
      siteUrl: process.env.VITE_PUBLIC_URL ?? 'http://localhost:3000',
      publicRoutes: PUBLIC_ROUTES,
    });
  },
} satisfies Config;
