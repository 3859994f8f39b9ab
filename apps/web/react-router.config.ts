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
/**
 * Session-dependent routes whose logged-out view is a public page: it is
 * prerendered (the visitor sees it without waiting for scripts, search engines
 * can index it) and the route swaps in the logged-in screen in the browser.
 * The server sends <route>/index.html whenever it exists.
 */
const PRERENDERED_CLIENT_ROUTES = ['/contact'];

/**
 * Client routes prerendered only so they paint without waiting for scripts:
 * their first view is the same for everyone who needs them, but they stay out
 * of search results (noindex, robots.txt) and of the sitemap.
 */
const PRERENDERED_PRIVATE_ROUTES = ['/login'];

export default {
  appDirectory: 'src',
  // The browser tests build into a private directory so that a build started
  // elsewhere in the tree cannot swap the files under a running suite.
  buildDirectory: process.env.WEB_BUILD_DIR ?? 'build',
  ssr: false,
  prerender: [
    ...PUBLIC_ROUTES,
    ...PRERENDERED_CLIENT_ROUTES,
    ...PRERENDERED_PRIVATE_ROUTES,
    '/404',
  ],
  buildEnd({ reactRouterConfig }) {
    finishBuild({
      buildDirectory: reactRouterConfig.buildDirectory,
      siteUrl: process.env.VITE_PUBLIC_URL ?? 'http://localhost:3000',
      publicRoutes: [...PUBLIC_ROUTES, ...PRERENDERED_CLIENT_ROUTES],
    });
  },
} satisfies Config;
