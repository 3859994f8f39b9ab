import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { CLIENT_ROUTES, PUBLIC_ROUTES } from '../../packages/shared/src/routes';
import { ensureAdmin, originHeaders, registerViaApi } from '../accounts';
import { acceptCookies, expect, shot, THEMES, test, unique } from '../fixtures';

/*
 * Kontakt in daily use (issue 18): read state that follows what was seen,
 * drafts, the send shortcut, the length limit, refused files, Back on a
 * phone, and no sideways scrolling at 360 px. Accounts are made through the
 * API with the code from the dev outbox; replies come from a second account
 * made staff with the admin list of the runner (admin@studio.test).
 */

test.describe.configure({ mode: 'default', timeout: 180_000 });

const PASSWORD = 'Codzienny-Uzytek-18';

function newAccount() {
  const username = unique('du');
  return { username, email: `${username}@example.test`, password: PASSWORD };
}

/** A verified account; the request context (and its pages) end up logged in. */
async function signUp(request: APIRequestContext): Promise<void> {
  const verified = await registerViaApi(request, newAccount());
  expect(verified.ok(), await verified.text()).toBe(true);
}

async function openTicketViaApi(request: APIRequestContext, body: string): Promise<number> {
  const created = await request.post('/api/tickets', {
    headers: originHeaders(),
    multipart: { body },
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).id as number;
}

async function staffReply(request: APIRequestContext, ticketId: number, body: string) {
  const sent = await request.post(`/api/tickets/${ticketId}/messages`, {
    headers: originHeaders(),
    multipart: { body },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

async function customerWithTicket(browser: Browser, text: string) {
  const context = await browser.newContext();
  await signUp(context.request);
  const ticketId = await openTicketViaApi(context.request, text);
  const page = await context.newPage();
  await acceptCookies(page);
  return { context, page, ticketId };
}

async function staff(browser: Browser) {
  const context = await browser.newContext();
  // Logs in, or registers the shared admin; another worker may be registering it at the same time.
  await ensureAdmin(context.request);
  return context;
}

const unreadTotal = async (request: APIRequestContext) =>
  (await (await request.get('/api/tickets/unread-count')).json()).unread as number;

/**
 * Headless pages all report themselves visible and focused, so a background
 * tab is played by the page's own document: hidden and unfocused until the
 * test brings it to the front, which fires the events a real tab switch does.
 */
async function startInBackground(page: Page) {
  await page.addInitScript(() => {
    const state = { hidden: true };
    Object.assign(window, { __tab: state });
    Object.defineProperty(document, 'visibilityState', {
      get: () => (state.hidden ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { get: () => state.hidden });
    document.hasFocus = () => !state.hidden;
  });
}

async function bringToFront(page: Page) {
  await page.bringToFront();
  await page.evaluate(() => {
    (window as unknown as { __tab: { hidden: boolean } }).__tab.hidden = false;
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
  });
}

/** Screenshots at 1280 and 390 px in both themes, and axe on the composer in each theme. */
async function shotsWithAxe(page: Page, name: string) {
  for (const theme of THEMES) {
    await page.evaluate((value) => {
      document.documentElement.classList.toggle('dark', value === 'dark');
    }, theme);
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await shot(page, `${name}-${width}-${theme}`);
    }
    const axe = await new AxeBuilder({ page }).include('form').analyze();
    expect(axe.violations.map((v) => `${theme} ${v.id}: ${v.help}`)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

// The reply field by its label: before hydration, /contact's prerendered HTML
// holds the logged-out view's inquiry form (hidden for a signed-in visitor), and
// `form textarea` matched that field until the tickets screen replaced it.
const textarea = (page: Page) => page.getByLabel('Treść wiadomości', { exact: true });
const messages = (page: Page) => page.getByTestId('message');

test('a ticket opened automatically in a background tab stays unread until the tab is focused', async ({
  browser,
}) => {
  const { context, page, ticketId } = await customerWithTicket(browser, 'Pytanie o fakturę.');
  const admin = await staff(browser);
  await staffReply(admin.request, ticketId, 'Odpowiedź, której jeszcze nikt nie czytał.');
  expect(await unreadTotal(context.request)).toBe(1);

  // Another tab is in front; Kontakt loads behind it and opens the newest ticket by itself.
  const front = await context.newPage();
  await front.goto('/');
  await startInBackground(page);
  await page.goto('/contact');
  await expect(messages(page).filter({ hasText: 'Odpowiedź, której' })).toBeVisible();
  await expect(page).toHaveTitle(/^\(1\) /);
  await page.waitForTimeout(1500);
  expect(await unreadTotal(context.request)).toBe(1);

  await bringToFront(page);
  await expect.poll(() => unreadTotal(context.request)).toBe(0);
  await expect(page).not.toHaveTitle(/^\(\d+\) /);

  // „Oznacz jako nieprzeczytane” makes it unread again, and it stays so while open.
  await page.getByRole('button', { name: 'Oznacz jako nieprzeczytane' }).click();
  await expect.poll(() => unreadTotal(context.request)).toBe(1);
  await expect(page).toHaveTitle(/^\(1\) /);
  await page.waitForTimeout(1000);
  expect(await unreadTotal(context.request)).toBe(1);
  await admin.close();
  await context.close();
});

test('on every page, not only /contact, the Kontakt link and the tab title show unread messages, live', async ({
  browser,
}) => {
  const { context, page, ticketId } = await customerWithTicket(browser, 'Czy faktura już wyszła?');
  const admin = await staff(browser);
  await staffReply(admin.request, ticketId, 'Tak, wczoraj.');

  await page.goto('/projects');
  const kontakt = page
    .getByRole('navigation')
    .first()
    .getByRole('link', { name: /^Kontakt/ });
  await expect(kontakt).toHaveAccessibleName('Kontakt, 1 nieprzeczytana wiadomość', {
    timeout: 15_000,
  });
  await expect(page).toHaveTitle(/^\(1\) /);

  // A second answer while the customer reads another page: the count follows without a reload.
  await staffReply(admin.request, ticketId, 'I jeszcze korekta w załączniku.');
  await expect(kontakt).toHaveAccessibleName('Kontakt, 2 nieprzeczytane wiadomości', {
    timeout: 15_000,
  });
  await expect(page).toHaveTitle(/^\(2\) /);

  // Read in Kontakt, the badge is gone on the next page too.
  await kontakt.click();
  await expect(messages(page).filter({ hasText: 'I jeszcze korekta' })).toBeVisible();
  await expect.poll(() => unreadTotal(context.request)).toBe(0);
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Nasz Zespół' })).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('unread-badge')).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
  await admin.close();
  await context.close();
});

test('the composer: a draft survives reload, Enter adds a line, Ctrl+Enter sends, long text and refused files block', async ({
  browser,
}) => {
  const { context, page } = await customerWithTicket(browser, 'Pierwsza wiadomość.');
  await page.goto('/contact');
  await expect(messages(page)).toHaveCount(1);

  // A half-written answer survives a reload.
  await textarea(page).fill('Szkic odpowiedzi');
  await page.reload();
  await expect(textarea(page)).toHaveValue('Szkic odpowiedzi');

  // Enter adds a line and sends nothing; Ctrl+Enter sends both lines.
  await textarea(page).press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('druga linia');
  await expect(messages(page)).toHaveCount(1);
  await expect(textarea(page)).toHaveValue('Szkic odpowiedzi\ndruga linia');
  await page.keyboard.press('Control+Enter');
  await expect(messages(page).filter({ hasText: 'druga linia' })).toBeVisible();
  await expect(textarea(page)).toHaveValue('');
  await page.reload();
  await expect(textarea(page)).toHaveValue('');

  // Pasted over-long text is kept whole, counted and marked; sending waits.
  const long = `${'Bardzo długi opis. '.repeat(530)}`.slice(0, 10_050);
  await textarea(page).focus();
  await page.keyboard.insertText(long);
  await expect(textarea(page)).toHaveValue(long);
  await expect(page.getByTestId('length-counter')).toContainText('za długa o 50 znaków');
  await expect(page.getByTestId('over-limit-mark')).toBeAttached();
  const send = page.getByRole('button', { name: 'Wyślij', exact: true });
  await expect(send).toBeDisabled();
  await page.keyboard.press('Control+Enter');
  await page.waitForTimeout(500);
  await expect(messages(page)).toHaveCount(2);
  await shotsWithAxe(page, 'daily-use-composer-over-limit');
  await textarea(page).fill('Krótko, z plikami.');

  // A refused file is listed with its reason and blocks sending until removed.
  await page.getByTestId('file-input').setInputFiles([
    { name: 'program.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') },
    { name: 'notatka.txt', mimeType: 'text/plain', buffer: Buffer.from('Zwykły tekst.') },
  ]);
  await expect(page.getByTestId('refused-files')).toContainText(
    'program.exe — nieobsługiwany typ pliku',
  );
  await expect(send).toBeDisabled();
  await page.keyboard.press('Control+Enter');

  await shotsWithAxe(page, 'daily-use-composer-refused');

  await page.getByRole('button', { name: 'Usuń program.exe z listy' }).click();
  await expect(send).toBeEnabled();
  await send.click();
  await expect(messages(page).filter({ hasText: 'Krótko, z plikami.' })).toBeVisible();
  await context.close();
});

test('on a 390 px phone, Back from a thread returns to the list', async ({ browser }) => {
  const { context, page } = await customerWithTicket(browser, 'Starsza sprawa.');
  await openTicketViaApi(context.request, 'Nowsza sprawa.');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/contact');
  await expect(messages(page).filter({ hasText: 'Nowsza sprawa.' })).toBeVisible();

  await page.getByRole('button', { name: /^Zgłoszenia \(2\)/ }).click();
  const older = page.getByTestId('ticket-item').filter({ hasText: 'Starsza sprawa' });
  await older.click();
  await expect(messages(page).filter({ hasText: 'Starsza sprawa.' })).toBeVisible();
  await expect(older).toBeHidden();

  await page.goBack();
  await expect(page).toHaveURL(/\/contact/);
  await expect(older).toBeVisible();
  await shot(page, 'daily-use-back-to-list-390-dark');
  await context.close();
});

test('at 360 px the customer’s thread uses the screen: the composer and „Wyślij” in view, actions behind „Więcej”', async ({
  browser,
}) => {
  const { context, page, ticketId } = await customerWithTicket(
    browser,
    `Telefon ${unique('t')}\n\nNie mogę się zalogować z telefonu.`,
  );
  const admin = await staff(browser);
  // A long conversation: the composer must not sit below it.
  for (let i = 1; i <= 4; i += 1) {
    await staffReply(
      admin.request,
      ticketId,
      `Odpowiedź ${i}.\n${'Sprawdzamy dalej. '.repeat(12)}`,
    );
  }
  await admin.close();
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`/contact?ticket=${ticketId}`);
  await expect(messages(page).filter({ hasText: 'Odpowiedź 4.' })).toBeVisible();

  await expect(page.getByLabel('Treść wiadomości')).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Wyślij', exact: true })).toBeInViewport();
  // The reader's own action stays small, behind „Więcej”.
  const markUnread = page.getByRole('button', { name: 'Oznacz jako nieprzeczytane' });
  await expect(markUnread).toBeHidden();
  await page.getByRole('button', { name: 'Więcej' }).click();
  await expect(markUnread).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'daily-use-customer-thread-360-dark');
  await context.close();
});

test('no page scrolls sideways at 360 px', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  await signUp(context.request);
  await openTicketViaApi(
    context.request,
    `Adres bez spacji: https://example.com/${'a'.repeat(120)}`,
  );
  const page = await context.newPage();
  await acceptCookies(page);
  const routes = [...PUBLIC_ROUTES, ...CLIENT_ROUTES.filter((r) => !r.includes('/mfa/'))];
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 360) wide.push(`${route}: ${width}px`);
  }
  expect(wide).toEqual([]);
  await context.close();
});
