import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * Shared helpers for every browser test. Import `test` and `expect` from here,
 * not from @playwright/test, so the page-error guard below applies everywhere.
 */

const dataDir = process.env.E2E_DATA_DIR;
if (!dataDir) throw new Error('E2E_DATA_DIR is not set; run the suite with `npm run test:e2e`.');
const outboxDir = path.join(dataDir, 'outbox');
const screenshotDir = fileURLToPath(new URL('./screenshots/', import.meta.url));

export const test = base.extend<{
  allowPageErrors: boolean;
  pageErrorGuard: undefined;
  inputWaitsForHydration: undefined;
}>({
  /** Set `test.use({ allowPageErrors: true })` in a file whose page is expected to throw. */
  allowPageErrors: [false, { option: true }],
  // An uncaught exception in the page fails the test even if every assertion passed.
  pageErrorGuard: [
    async ({ page, allowPageErrors }, use) => {
      const errors: Error[] = [];
      page.on('pageerror', (error) => errors.push(error));
      await use(undefined);
      if (!allowPageErrors) expect(errors.map((e) => e.message)).toEqual([]);
    },
    { auto: true },
  ],
  inputWaitsForHydration: [
    async ({ page }, use) => {
      makeInputWaitForHydration(page);
      await use(undefined);
    },
    { auto: true },
  ],
});

/**
 * The server-rendered Kontakt screen is `inert` until React has hydrated it
 * (docs/web-app.md "Input before the screen hydrates"): keys, focus and files
 * given to it before then go nowhere, by design. A person cannot act in the
 * first milliseconds after a paint; a test can, right after `goto`, `reload`
 * or a click that navigated. A click already waits (an inert element is not
 * hit by the pointer, so Playwright retries); every other way of giving the
 * page input is made to wait here, once for the whole worker, so no spec has
 * to remember it. Costs one evaluation per call where nothing is inert.
 */
const waitsForHydration = Symbol('waitsForHydration');
const locatorInputs = [
  'press',
  'pressSequentially',
  'type',
  'fill',
  'clear',
  'focus',
  'selectText',
  'selectOption',
  'check',
  'uncheck',
  'setChecked',
  'setInputFiles',
  'dispatchEvent',
] as const;
const keyboardInputs = ['press', 'type', 'insertText', 'down'] as const;

const withoutWaiting = (name: string) => Symbol.for(`${name}WithoutWaitingForHydration`);

/**
 * The keyboard as it was before `makeInputWaitForHydration`: for the one test
 * that presses keys on the inert screen on purpose, to show they go nowhere.
 */
export function keyboardWithoutWaiting(page: Page): {
  press(key: string): Promise<void>;
  type(text: string): Promise<void>;
} {
  const original = (name: string) =>
    (page.keyboard as unknown as Record<symbol, (text: string) => Promise<void>>)[
      withoutWaiting(name)
    ] ?? page.keyboard[name as 'press' | 'type'];
  return {
    press: (key) => original('press').call(page.keyboard, key),
    type: (text) => original('type').call(page.keyboard, text),
  };
}

function makeInputWaitForHydration(page: Page): void {
  const locatorProto = Object.getPrototypeOf(page.locator('main')) as Record<PropertyKey, unknown>;
  const keyboardProto = Object.getPrototypeOf(page.keyboard) as Record<PropertyKey, unknown>;
  if (locatorProto[waitsForHydration]) return;
  locatorProto[waitsForHydration] = true;
  const wrap = (
    proto: Record<PropertyKey, unknown>,
    name: string,
    pageOf: (self: never) => Page,
  ): void => {
    const original = proto[name] as (...args: unknown[]) => Promise<unknown>;
    proto[withoutWaiting(name)] = original;
    proto[name] = async function (this: never, ...args: unknown[]) {
      await untilInteractive(pageOf(this));
      return original.apply(this, args);
    };
  };
  for (const name of locatorInputs) {
    wrap(locatorProto, name, (locator: { page(): Page }) => locator.page());
  }
  // Playwright's Keyboard keeps its page in `_page` (no public accessor).
  for (const name of keyboardInputs) {
    wrap(keyboardProto, name, (keyboard: { _page: Page }) => keyboard._page);
  }
}

export type { Page };
export { expect };

interface OutboxEntry {
  id: string;
  date: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Ticket e-mails only: what a reply names in In-Reply-To. */
  messageId?: string;
}

async function readOutbox(): Promise<OutboxEntry[]> {
  const names = await fs.readdir(outboxDir).catch(() => [] as string[]);
  const entries = await Promise.all(
    names
      .filter((name) => name.endsWith('.json'))
      .map(async (name) => JSON.parse(await fs.readFile(path.join(outboxDir, name), 'utf8'))),
  );
  return (entries as OutboxEntry[]).sort((a, b) => b.id.localeCompare(a.id));
}

// Mails already handed to a test in this worker, so a second call waits for a new one.
const consumed = new Set<string>();

/**
 * Waits for the newest e-mail to `email` that no earlier call returned and gives
 * back the part picked out by `pick`. Polls the dev outbox (DATA_DIR/outbox).
 */
async function nextMail<T>(
  email: string,
  pick: (mail: OutboxEntry) => T | undefined,
  what: string,
): Promise<T> {
  const address = email.toLowerCase();
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const mail of await readOutbox()) {
      if (mail.to.toLowerCase() !== address || consumed.has(mail.id)) continue;
      const value = pick(mail);
      if (value !== undefined) {
        consumed.add(mail.id);
        return value;
      }
    }
    if (Date.now() > deadline) throw new Error(`No ${what} e-mail for ${email} in ${outboxDir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The 6-digit code of the newest unread code e-mail sent to `email`. */
export function readCode(email: string): Promise<string> {
  return nextMail(email, (mail) => mail.text.match(/^\s*(\d{6})\s*$/m)?.[1], 'code');
}

/** The reset link (`…/reset-password?token=…`) of the newest unread reset e-mail to `email`. */
export function readResetLink(email: string): Promise<string> {
  return nextMail(
    email,
    (mail) => mail.text.match(/https?:\/\/\S+\/reset-password\?token=[^\s"<]+/)?.[0],
    'password reset',
  );
}

/** All e-mails sent to `email` so far, newest first. */
export async function mailsTo(email: string): Promise<OutboxEntry[]> {
  return (await readOutbox()).filter((m) => m.to.toLowerCase() === email.toLowerCase());
}

/** A unique suffix for e-mails and usernames (rate limits are per address). */
export function unique(prefix = 'u'): string {
  return `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/**
 * Whether screenshots are written. CI sets E2E_SCREENSHOTS=0: the pictures are
 * for people reviewing a change on their machine, and a clean CI clone throws
 * them away, while full-page captures on two cores cost minutes. The states
 * they show are still reached and checked (and axe runs) either way.
 */
export const takesScreenshots = process.env.E2E_SCREENSHOTS !== '0';

/**
 * Full-page screenshot to e2e/screenshots/<name>.png. Without screenshots the
 * page is still let settle as a capture would (running colour transitions
 * done, two frames painted), so the checks after it (axe's contrast) see the
 * state the picture would have shown, not a theme half-way through changing.
 */
export async function shot(page: Page, name: string): Promise<void> {
  if (!takesScreenshots) return settle(page);
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage: true });
}

/**
 * Waits until the page takes input, as a person waits for a screen to respond:
 * its `<main>` is not `inert` (the server-rendered Kontakt screen is, until
 * React has hydrated it). Every input method of a locator or the keyboard already waits
 * for this (`makeInputWaitForHydration`); call it where a test checks state
 * that only the hydrated screen has. Survives a navigation under way.
 */
export async function untilInteractive(page: Page): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.waitForFunction(() => !document.querySelector('main[inert]'), undefined, {
        polling: 50,
      });
      return;
    } catch (error) {
      const navigated = /context was destroyed|navigat/i.test(String(error));
      if (!navigated || attempt >= 3) throw error;
    }
  }
}

export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const transitions = document
      .getAnimations()
      .filter((animation) => 'transitionProperty' in animation);
    const done = Promise.all(transitions.map((t) => t.finished.catch(() => undefined)));
    await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 2000))]);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

export type Theme = 'dark' | 'light';

/** Stores the theme before any page script runs (affects later navigations of this page). */
export async function useTheme(page: Page, theme: Theme): Promise<void> {
  await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
}

/** Marks the cookie notice as accepted so it does not cover the page. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('nd_cookie_notice', 'shown'));
}

export const SHOT_WIDTHS = [1280, 390] as const;
export const THEMES: readonly Theme[] = ['dark', 'light'];

/**
 * Screenshots of the page at `url` at 1280 px and 390 px in both themes, named
 * `<name>-<width>-<theme>.png`. `ready` runs after each load (wait for content).
 */
export async function shotAll(
  page: Page,
  name: string,
  url: string,
  ready?: (page: Page) => Promise<void>,
): Promise<void> {
  // Four loads and full-page captures take a while on a busy two-core machine.
  test.info().setTimeout(test.info().timeout + 120_000);
  await acceptCookies(page);
  for (const { theme, width } of shotCombinations()) {
    await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
    await page.goto(url);
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    // Reload so the page starts in that theme exactly as a returning visitor sees it.
    await page.reload();
    if (ready) await ready(page);
    await shot(page, `${name}-${width}-${theme}`);
  }
}

/**
 * Every theme at every width when pictures are taken. Without pictures (CI)
 * the states are still reached in each theme and at each width, but in two
 * loads instead of four: dark at the wide width, light at the narrow one.
 */
function shotCombinations(): { theme: Theme; width: number }[] {
  const all = THEMES.flatMap((theme) => SHOT_WIDTHS.map((width) => ({ theme, width })));
  if (takesScreenshots) return all;
  return THEMES.map((theme, i) => ({
    theme,
    width: SHOT_WIDTHS[i % SHOT_WIDTHS.length] as number,
  }));
}
