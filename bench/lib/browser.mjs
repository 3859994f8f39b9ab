// What the page-speed bench (pages.mjs) and the before/after screenshots
// (e2e/speed-shots.mjs) share: the pages they visit and the browser's flags; and how
// the signed-in benches (screens.mjs, interactions.mjs) put a session in a browser.

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

/**
 * Signs a puppeteer browser in as a returning person: the session cookie (`sid=…`
 * as the login answered it), its script-readable hint (the page reads the hint
 * to know it may be signed in) and the accepted cookie notice.
 */
export async function signInBrowser(browser, baseUrl, cookie) {
  const [name, value] = cookie.split('=');
  const url = `${baseUrl}/`;
  await browser.setCookie({ name, value, url }, { name: 'signed_in', value: '1', url });
  const page = await browser.newPage();
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(() => localStorage.setItem('nd_cookie_notice', 'accepted'));
  await page.close();
}
