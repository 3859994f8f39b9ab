import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ensureAdmin, originHeaders, signUpNew } from '../accounts';
import { acceptCookies, expect, SHOT_WIDTHS, test, unique } from '../fixtures';
import { shotsOf } from '../themed-shots';

/*
 * The staff workspace (issue 17) against the real server: a staff member
 * triages by keyboard only — search, view, assign, note, saved reply, close —
 * while the customer's browser is open on the same ticket and never shows the
 * note. Then screenshots and axe of every new screen in both themes.
 */

// One admin account serves every test, so the tests of this file run one after another.
test.describe.configure({ mode: 'default', timeout: 240_000 });

const NOTE = 'Notatka: klient płacił przelewem, sprawdzić księgowość.';
const REPLY_TITLE = `Powitanie ${unique('r')}`;

async function newCustomer(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptCookies(page);
  const account = await signUpNew(context.request, 'sw');
  return { context, page, account };
}

// Its own staff account (ADMIN_EMAILS in run.mjs): contact.spec.ts spends the shared admin's
// per-minute message budget when both run at once.
const TRIAGE_ADMIN = { username: 'triageadmin', email: 'triage-admin@studio.test' };

async function newAdmin(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptCookies(page);
  await ensureAdmin(context.request, TRIAGE_ADMIN);
  return { context, page };
}

async function createTicketViaApi(request: APIRequestContext, body: string): Promise<number> {
  const created = await request.post('/api/tickets', { headers: originHeaders(), data: { body } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

const messages = (page: Page) => page.getByTestId('message');
const selected = (page: Page) => page.locator('[data-testid="ticket-item"][aria-current="true"]');

async function axe(page: Page, exclude: string[] = []) {
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  expect(
    results.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })),
  ).toEqual([]);
}

/** Each state at 1280 and 390 px in both themes: screenshot, and axe on the wide one. */
async function shotsAndAxe(
  page: Page,
  name: string,
  url: string,
  ready: (page: Page) => Promise<void>,
) {
  await shotsOf(page, name, url, ready, async (p, width) => {
    if (width === SHOT_WIDTHS[0]) await axe(p);
  });
}

test('staff triage by keyboard only; the customer never sees the note', async ({ browser }) => {
  const customer = await newCustomer(browser);
  const admin = await newAdmin(browser);
  const c = customer.page;
  const a = admin.page;
  const ticketId = await createTicketViaApi(
    customer.context.request,
    'Zamówienie nr 55 nie dotarło\nZapłaciłem tydzień temu.',
  );
  const saved = await admin.context.request.post('/api/saved-replies', {
    headers: originHeaders(),
    data: { title: REPLY_TITLE, body: 'Dzień dobry {username}, sprawdzamy zgłoszenie {ticket}.' },
  });
  expect(saved.status(), await saved.text()).toBe(201);

  await c.goto(`/contact?ticket=${ticketId}`);
  await expect(messages(c).filter({ hasText: 'Zamówienie nr 55' })).toBeVisible();
  // The one number both sides see (DESIGN.md §7.9), as {ticket} fills it in.
  const number = (await (await c.request.get(`/api/tickets/${ticketId}`)).json()).ticket.number;
  await expect(
    c.getByRole('heading', { name: new RegExp(`^Zgłoszenie #${number}\\b`) }),
  ).toBeVisible();

  await a.setViewportSize({ width: 1280, height: 900 });
  await a.goto('/contact');
  const waitingView = a.getByRole('button', { name: /^Czeka na nas/ });
  await expect(waitingView).toHaveAttribute('aria-pressed', 'true');

  // `/` searches: the customer's name finds their ticket, with its subject and waiting time.
  await a.locator('body').press('/');
  const search = a.getByLabel('Szukaj zgłoszeń');
  await expect(search).toBeFocused();
  const searched = a.waitForResponse(
    (r) => r.url().includes('/api/tickets?') && r.url().includes(`q=${customer.account.username}`),
  );
  await a.keyboard.type(customer.account.username);
  await searched;
  const row = a.locator(`[data-testid="ticket-item"][data-ticket-id="${ticketId}"]`);
  await expect(row).toContainText('Zamówienie nr 55 nie dotarło');
  await expect(row.getByTestId('waiting-label')).toContainText('czeka');
  await a.keyboard.press('Escape');
  await expect(search).not.toBeFocused();
  await expect(search).toHaveValue(customer.account.username);
  // j/k until the customer's ticket is open: it is the only result, and the ticket opened
  // before the search (another test's, perhaps) is not in the list while searching, so `k`
  // moves to the first result.
  if ((await row.getAttribute('aria-current')) !== 'true') await a.keyboard.press('k');
  await expect(selected(a)).toHaveAttribute('data-ticket-id', String(ticketId));
  await expect(messages(a).filter({ hasText: 'Zamówienie nr 55' })).toBeVisible();

  // `a` assigns to me.
  await a.keyboard.press('a');
  await expect(a.getByLabel('Przypisane do')).toHaveValue(/\d+/);
  await expect(row).toContainText(TRIAGE_ADMIN.username);

  // `n` writes an internal note.
  await a.keyboard.press('n');
  const noteField = a.getByLabel('Treść notatki wewnętrznej');
  await expect(noteField).toBeFocused();
  await a.keyboard.type(NOTE);
  await a.keyboard.press('Control+Enter');
  const note = messages(a).filter({ hasText: NOTE });
  await expect(note).toHaveAttribute('data-internal', 'true');
  await expect(note.getByTestId('note-tag')).toBeVisible();

  // `r` replies; `/` in the empty reply opens the saved replies, Enter inserts the chosen one.
  await a.keyboard.press('Tab');
  await a.keyboard.press('r');
  const replyField = a.getByLabel('Treść wiadomości');
  await expect(replyField).toBeFocused();
  await a.keyboard.type('/');
  const picker = a.getByRole('dialog', { name: 'Gotowe odpowiedzi' });
  await expect(picker).toBeVisible();
  await a.keyboard.type(REPLY_TITLE);
  await expect(picker.getByRole('option')).toHaveCount(1);
  await a.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(replyField).toHaveValue(
    `Dzień dobry ${customer.account.username}, sprawdzamy zgłoszenie #${number}.`,
  );
  await expect(replyField).toBeFocused();
  await a.keyboard.press('Control+Enter');
  await expect(messages(c).filter({ hasText: `sprawdzamy zgłoszenie #${number}` })).toBeVisible();
  // The answer moved the ticket out of „Czeka na nas”; it stays open, the reply field focused.
  await expect(a.getByRole('button', { name: /^Czeka na nas\s*,\s*0/ })).toBeVisible();
  await expect(replyField).toBeFocused();

  // `e` closes (out of the field first: Tab), and the ticket moves to „Zamknięte”. First the
  // thread settles: the answer moved the ticket out of the view (and out of the search's
  // results), and it stays open, pinned.
  await expect(a.getByRole('button', { name: 'Zamknij', exact: true })).toBeEnabled();
  await expect(replyField).toBeFocused();
  await a.keyboard.press('Tab');
  await expect(replyField).not.toBeFocused();
  await a.keyboard.press('e');
  await expect(a.getByRole('button', { name: 'Otwórz' })).toBeVisible();
  await a.keyboard.press('/');
  // Past „Nowe zgłoszenie” beside the search (issue 31) to the first tab.
  await a.keyboard.press('Tab');
  await a.keyboard.press('Tab');
  // The tabs in order: Czeka na nas, Po terminie, Wkrótce termin, Czeka na klienta, Moje,
  // Nieprzypisane, Zamknięte.
  for (let n = 0; n < 6; n += 1) await a.keyboard.press('Tab');
  await expect(a.getByRole('button', { name: /^Zamknięte/ })).toBeFocused();
  await a.keyboard.press('Enter');
  await expect(a.getByRole('button', { name: /^Zamknięte/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(row).toBeVisible();

  // `?` lists the shortcuts.
  await a.keyboard.press('Escape');
  await a.locator('body').press('?');
  await expect(a.getByRole('dialog', { name: 'Skróty klawiszowe' })).toBeVisible();
  await a.keyboard.press('Escape');

  // The customer saw the reply live and the closing, never the note, also after a reload.
  await expect(c.getByTestId('closed-notice')).toBeVisible();
  await expect(c.locator('body')).not.toContainText(NOTE);
  await c.reload();
  await expect(messages(c).filter({ hasText: `sprawdzamy zgłoszenie #${number}` })).toBeVisible();
  await expect(messages(c)).toHaveCount(2);
  await expect(c.locator('body')).not.toContainText(NOTE);
  await expect(c.locator('body')).not.toContainText('Notatka wewnętrzna');

  // Staff pages are not there for a customer.
  await c.goto('/contact/stats');
  await expect(c.getByText('Nie znaleziono strony', { exact: true })).toBeVisible();

  await customer.context.close();
  await admin.context.close();
});

test('screenshots and axe: staff workspace, saved replies, shortcuts, statistics', async ({
  browser,
}) => {
  test.setTimeout(600_000);
  const customer = await newCustomer(browser);
  const admin = await newAdmin(browser);
  const a = admin.page;
  const ticketId = await createTicketViaApi(
    customer.context.request,
    'Faktura za listopad ma zły NIP\nProszę o korektę faktury FV/11/2026.',
  );
  await admin.context.request.post(`/api/tickets/${ticketId}/messages`, {
    headers: originHeaders(),
    multipart: { body: 'Poprosić księgowość o korektę do piątku.', internal: 'true' },
  });
  const url = `/contact?ticket=${ticketId}`;
  const threadReady = async (p: Page) => {
    await expect(messages(p).filter({ hasText: 'Poprosić księgowość' })).toBeVisible();
    // On a phone the customer panel is a pane of its own, behind „Klient” (issue 31).
    if ((p.viewportSize()?.width ?? 1280) < 1024) {
      await expect(p.getByRole('button', { name: 'Klient', exact: true })).toBeVisible();
      return;
    }
    await expect(p.getByRole('complementary', { name: 'Klient' })).toContainText(
      customer.account.email,
    );
  };
  await shotsAndAxe(a, 'staff-workspace', url, threadReady);
  await shotsAndAxe(a, 'staff-note-mode', url, async (p) => {
    await threadReady(p);
    await p.getByText('Notatka wewnętrzna', { exact: true }).click();
    await expect(p.getByLabel('Treść notatki wewnętrznej')).toBeVisible();
  });
  await shotsAndAxe(a, 'staff-saved-replies', url, async (p) => {
    await threadReady(p);
    await p.getByRole('button', { name: 'Gotowe odpowiedzi (/)' }).click();
    await expect(p.getByRole('dialog', { name: 'Gotowe odpowiedzi' })).toBeVisible();
  });
  await shotsAndAxe(a, 'staff-saved-replies-manager', url, async (p) => {
    await threadReady(p);
    await p.getByRole('button', { name: 'Gotowe odpowiedzi (/)' }).click();
    await p.getByRole('button', { name: 'Zarządzaj gotowymi odpowiedziami' }).click();
    await expect(p.getByRole('button', { name: 'Dodaj odpowiedź' })).toBeVisible();
  });
  await shotsAndAxe(a, 'staff-shortcuts', url, async (p) => {
    await threadReady(p);
    await p.locator('body').press('?');
    await expect(p.getByRole('dialog', { name: 'Skróty klawiszowe' })).toBeVisible();
  });
  await shotsAndAxe(a, 'staff-stats', '/contact/stats', async (p) => {
    await expect(p.getByTestId('stat-open')).toBeVisible();
    await expect(p.getByRole('img', { name: /utworzone i zamknięte/ })).toBeVisible();
  });
  await customer.context.close();
  await admin.context.close();
});
