import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { originHeaders, signUpNew } from '../accounts';
import { acceptCookies, expect, keyboardWithoutWaiting, test, untilInteractive } from '../fixtures';

/*
 * The signed-in Kontakt screen comes rendered from the server (issue 34): its
 * list and open thread are in the page's HTML before any script runs, and the
 * page then works as it always did once the scripts have hydrated it.
 */

test.describe.configure({ mode: 'default', timeout: 120_000 });

const HOSTILE = '</script><script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">';

/** React's hydration complaints (development text or the production error number). */
function watchHydration(page: Page): string[] {
  const complaints: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (/hydrat|#418|#423|#425/i.test(text)) complaints.push(text);
  });
  return complaints;
}

test('the signed-in /contact arrives rendered and then works as before', async ({ browser }) => {
  const context = await browser.newContext();
  await signUpNew(context.request, 'ssr');
  const created = await context.request.post('/api/tickets', {
    headers: originHeaders(),
    data: { body: `Pierwsza sprawa ${HOSTILE}` },
  });
  expect(created.ok(), await created.text()).toBe(true);

  // The HTML itself holds the thread, its user text escaped, and is never cached.
  const answer = await context.request.get('/contact');
  expect(answer.status()).toBe(200);
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  const html = await answer.text();
  expect(html).toContain('data-testid="ticket-thread"');
  expect(html).toContain('Pierwsza sprawa &lt;/script&gt;&lt;script&gt;window.__pwned=1');
  expect(html).not.toContain('<script>window.__pwned');
  expect(html).not.toContain('<img src=x');

  // With scripts off, the browser shows the thread from the HTML alone.
  const noScripts = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await context.storageState(),
  });
  const still = await noScripts.newPage();
  await still.goto('/contact');
  await expect(still.getByTestId('message')).toHaveCount(1);
  await expect(still.getByTestId('message').first()).toContainText('Pierwsza sprawa </script>');
  await noScripts.close();

  // With scripts, the same page hydrates without complaint and a reply goes through.
  const page = await context.newPage();
  await acceptCookies(page);
  const complaints = watchHydration(page);
  await page.goto('/contact');
  await expect(page.getByTestId('message')).toHaveCount(1);
  // fill and click wait, as a person does, until the screen takes input (it is inert before).
  await page.getByLabel('Treść wiadomości').fill('Odpowiedź po wyrenderowaniu');
  await page.getByRole('button', { name: 'Wyślij' }).click();
  await expect(page.getByTestId('message')).toHaveCount(2);
  await expect(page.getByTestId('message').last()).toContainText('Odpowiedź po wyrenderowaniu');
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(complaints).toEqual([]);
  await context.close();
});

/** A signed-in customer's context with one ticket; its text is `body`. */
async function customerWithTicket(
  browser: Browser,
  body: string,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await signUpNew(context.request, 'ssr');
  const created = await context.request.post('/api/tickets', {
    headers: originHeaders(),
    data: { body },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return context;
}

test('taps and keys before the screen has hydrated change nothing, and it works once it has', async ({
  browser,
}) => {
  const context = await customerWithTicket(browser, 'Sprawa sprzed hydratacji');
  const page = await context.newPage();
  await acceptCookies(page);
  const complaints = watchHydration(page);
  // The screen's chunk is held back, so the server's HTML stays unhydrated as long as the test needs.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/assets/tickets-screen-*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Messages sent and tickets created (marking a message read is the screen's own doing).
  const sends: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && /^\/api\/tickets(\/\d+\/messages)?$/.test(pathname)) {
      sends.push(pathname);
    }
  });
  await page.goto('/contact', { waitUntil: 'domcontentloaded' });
  const main = page.locator('main');
  await expect(main).toHaveAttribute('inert', '');
  const composer = page.getByLabel('Treść wiadomości');
  const send = page.getByRole('button', { name: 'Wyślij' });
  await expect(composer).toBeVisible();

  // A person taps the field, types, taps „Wyślij” and presses Ctrl+Enter the moment it shows.
  const field = await composer.boundingBox();
  const button = await send.boundingBox();
  if (!field || !button) throw new Error('the composer is not on screen');
  await page.mouse.click(field.x + field.width / 2, field.y + field.height / 2);
  await keyboardWithoutWaiting(page).type('za wcześnie');
  await page.mouse.click(button.x + button.width / 2, button.y + button.height / 2);
  await keyboardWithoutWaiting(page).press('Control+Enter');
  // Nothing took the input: no focus inside, no text, nothing sent.
  expect(await page.evaluate(() => document.activeElement?.closest('main') ?? null)).toBeNull();
  await expect(composer).toHaveValue('');
  expect(sends).toEqual([]);

  release();
  await untilInteractive(page);
  await expect(composer).toHaveValue('');
  await expect(page.getByTestId('message')).toHaveCount(1);
  expect(sends).toEqual([]);
  await composer.fill('Teraz już można');
  await send.click();
  await expect(page.getByTestId('message')).toHaveCount(2);
  await expect(page.getByTestId('message').last()).toContainText('Teraz już można');
  expect(complaints).toEqual([]);
  await context.close();
});

test("a reader in another time zone hydrates the server's times, then sees their own", async ({
  browser,
}) => {
  // The server runs in its own zone (UTC here); Tokyo is 9 hours away, a day apart at times.
  const timeZone = 'Asia/Tokyo';
  const context = await customerWithTicket(browser, 'Sprawa z innej strefy', {
    timezoneId: timeZone,
  });
  const html = await (await context.request.get('/contact')).text();
  const state = JSON.parse(
    (html.match(/<script type="application\/json" id="server-state">([^<]*)<\/script>/) ?? [])[1] ??
      'null',
  ) as { clock: { now: number; timeZone: string } } | null;
  if (!state) throw new Error('the page carries no server state');
  // The message's time, as the server wrote it.
  const message = html.slice(html.indexOf('data-testid="message"'));
  const htmlTime = message.match(/<time datetime="([^"]+)"[^>]*>([^<]+)<\/time>/i);
  if (!htmlTime) throw new Error('the page holds no message time');
  const [, iso = '', serverText] = htmlTime;
  // Formatted as the web app does (features/tickets/lib/format.ts), in a given zone.
  const shown = (zone: string, now: number) => {
    const day = new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone: zone });
    const date = new Date(iso);
    const style: Intl.DateTimeFormatOptions =
      day.format(date) === day.format(new Date(now))
        ? { timeStyle: 'short' }
        : { dateStyle: 'short', timeStyle: 'short' };
    return new Intl.DateTimeFormat('pl-PL', { ...style, timeZone: zone }).format(date);
  };
  expect(serverText).toBe(shown(state.clock.timeZone, state.clock.now));

  const page = await context.newPage();
  await acceptCookies(page);
  const complaints = watchHydration(page);
  await page.goto('/contact');
  await untilInteractive(page);
  await expect(page.getByTestId('message').locator('time')).toHaveText(shown(timeZone, Date.now()));
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    timeZone,
  );
  expect(complaints).toEqual([]);
  await context.close();
});

test('a signed-out visitor of /contact still gets the prerendered page', async ({ browser }) => {
  const context = await browser.newContext();
  const answer = await context.request.get('/contact');
  expect(answer.headers()['cache-control']).toBe('no-cache');
  expect(await answer.text()).toContain('Zaloguj się, aby napisać do nas');
  await context.close();
});
