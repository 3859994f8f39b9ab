// What the page-speed bench (pages.mjs) and the before/after screenshots
// (e2e/speed-shots.mjs) share: the pages they visit and the browser's flags.

/** Every public page, measured and compared (issue 20). */
export const PAGE_ROUTES = [
  '/',
  '/team',
  '/projects',
  '/roadmap',
  '/contact',
  '/podpisy',
  '/login',
  '/terms-and-conditions',
];

/**
 * The launch flags every browser on this machine uses (docs/web-app.md, "Browser tests").
 * The same list as e2e/playwright.config.ts's: that file is TypeScript read by
 * Playwright, this one plain JS outside the workspaces, so neither imports the other.
 */
export const BROWSER_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];
