import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { type Account, ensureAdmin, originHeaders, registerViaApi } from '../accounts';
import { acceptCookies, expect, settle, test, unique } from '../fixtures';

/*
 * Search that understands Polish (issue 30, DESIGN.md §7.8) against the real
 * server: staff find a ticket by an inflected form, by the customer's e-mail
 * domain and despite two swapped letters, see the matched word marked, and
 * open a long thread at its first message; a customer searches only their own
 * tickets (never a staff note), as they type, into `?q=` that a reload keeps.
 */

// One staff account serves every test, so the tests of this file run one after another.
test.describe.configure({ mode: 'default', timeout: 180_000 });

// staff-workspace.spec.ts's staff account (ADMIN_EMAILS in run.mjs): the shared admin's
// per-minute message budget is spent by contact.spec.ts, and the long thread needs 30.
const STAFF = { username: 'triageadmin', email: 'triage-admin@studio.test' };

/** A word no dictionary and no other test has: found only where this test put it. */
function uniqueWord(): string {
  const letters = 'bcdfghjklmnprstwz';
  let word = 'zq';
  for (let i = 0; i < 10; i++) word += letters[Math.floor(Math.random() * letters.length)];
  return word;
}

async function newCustomer(browser: Browser, email?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptCookies(page);
  const id = unique('sr');
  const account: Account = {
    username: id,
    email: email ?? `${id}@example.test`,
    password: 'Zielony-Kot-42',
  };
  const verified = await registerViaApi(context.request, account);
  expect(verified.ok(), await verified.text()).toBe(true);
  return { context, page, account };
}

async function newStaff(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await acceptCookies(page);
  await ensureAdmin(context.request, STAFF);
  return { context, page };
}

async function createTicket(request: APIRequestContext, body: string): Promise<number> {
  const created = await request.post('/api/tickets', { headers: originHeaders(), data: { body } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

async function post(
  request: APIRequestContext,
  ticketId: number,
  body: string,
  { internal = false } = {},
) {
  const sent = await request.post(`/api/tickets/${ticketId}/messages`, {
    headers: originHeaders(),
    multipart: internal ? { body, internal: 'true' } : { body },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })),
  ).toEqual([]);
}

const row = (page: Page, ticketId: number) =>
  page.locator(`[data-testid="ticket-item"][data-ticket-id="${ticketId}"]`);

/** Staff's search over every ticket (the default view holds only those awaiting staff). */
async function staffSearch(page: Page, text: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/contact');
  await page.getByTestId('view-all').click();
  await expect(page.getByTestId('view-all')).toHaveAttribute('aria-pressed', 'true');
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/api/tickets?') &&
      new URL(r.url()).searchParams.get('q') === text &&
      r.status() === 200,
  );
  await page.getByLabel('Szukaj zgłoszeń').fill(text);
  await answered;
}

test('staff find „fakturę” by „faktura”, with the word marked, as they type into ?q=', async ({
  browser,
}) => {
  const customer = await newCustomer(browser);
  const staff = await newStaff(browser);
  const ticketId = await createTicket(
    customer.context.request,
    `Dokumenty ${unique('k')}\nProszę o fakturę korygującą za październik.`,
  );
  const a = staff.page;
  await a.setViewportSize({ width: 1280, height: 900 });
  await a.goto('/contact');
  await a.getByTestId('view-all').click();
  // Typed key by key: the list asks once the typing pauses, and the address keeps the words.
  await a.getByLabel('Szukaj zgłoszeń').pressSequentially('faktura');
  await expect(a).toHaveURL(/[?&]q=faktura(&|$)/);
  const result = row(a, ticketId);
  await expect(result.locator('mark')).toHaveText(['fakturę']);
  await expect(result.getByTestId('search-excerpt')).toContainText(
    'Proszę o fakturę korygującą za październik.',
  );
  await settle(a);
  await axe(a);
  await staff.context.close();
  await customer.context.close();
});

test('staff find a customer by the domain of their e-mail address', async ({ browser }) => {
  const domain = `firma-${unique('d')}.pl`;
  const customer = await newCustomer(browser, `biuro@${domain}`);
  const staff = await newStaff(browser);
  const ticketId = await createTicket(customer.context.request, 'Pytanie o wycenę strony');
  await staffSearch(staff.page, domain);
  await expect(row(staff.page, ticketId)).toBeVisible();
  await expect(staff.page.getByTestId('ticket-item')).toHaveCount(1);
  await staff.context.close();
  await customer.context.close();
});

test('staff find „reklamacja” typed „rekalmacja” (two letters swapped)', async ({ browser }) => {
  const customer = await newCustomer(browser);
  const staff = await newStaff(browser);
  const ticketId = await createTicket(
    customer.context.request,
    `Zakupy ${unique('k')}\nTo jest reklamacja butów z zamówienia 77.`,
  );
  await staffSearch(staff.page, 'rekalmacja');
  await expect(row(staff.page, ticketId)).toBeVisible();
  await expect(row(staff.page, ticketId).locator('mark')).toHaveText(['reklamacja']);
  await staff.context.close();
  await customer.context.close();
});

test('opening a result scrolls a long thread to its hit, loading older pages', async ({
  browser,
}) => {
  const customer = await newCustomer(browser);
  const staff = await newStaff(browser);
  const word = uniqueWord();
  const ticketId = await createTicket(
    customer.context.request,
    `Hulajnoga nie działa\nKod błędu na wyświetlaczu: ${word}.`,
  );
  // 61 messages: beyond the newest page of 50 (THREAD_PAGE_DEFAULT), the word only in the first.
  for (let n = 1; n <= 60; n++) {
    const request = n % 2 === 0 ? staff.context.request : customer.context.request;
    await post(request, ticketId, `Wiadomość numer ${n} w tej sprawie.`);
  }
  const a = staff.page;
  await staffSearch(a, word);
  const result = row(a, ticketId);
  await expect(result.locator('mark')).toHaveText([word]);

  const olderPage = a.waitForResponse(
    (r) => r.url().includes(`/api/tickets/${ticketId}/messages?before=`) && r.status() === 200,
  );
  await result.focus();
  await a.keyboard.press('Enter');
  await olderPage;
  const hit = a.locator('[data-testid="message"][data-search-hit="true"]');
  await expect(hit).toHaveCount(1);
  await expect(hit).toContainText(word);
  await expect(hit).toBeInViewport();
  // The newest message is out of view: the thread did not stay at the bottom.
  await expect(a.getByTestId('message').last()).not.toBeInViewport();
  await expect(a).not.toHaveURL(/[?&]message=/);
  await expect(a).toHaveURL(new RegExp(`[?&]ticket=${ticketId}(&|$)`));
  await staff.context.close();
  await customer.context.close();
});

test('a customer searches only their own tickets, never a staff note, and a reload keeps the search', async ({
  browser,
}) => {
  const customer = await newCustomer(browser);
  const other = await newCustomer(browser);
  const staff = await newStaff(browser);
  const own = uniqueWord();
  const inNote = uniqueWord();
  const othersWord = uniqueWord();
  const ticketId = await createTicket(
    customer.context.request,
    `Logowanie\nNie mogę się zalogować, komunikat ${own}.`,
  );
  await post(staff.context.request, ticketId, `Sprawdzić konto, ${inNote}.`, { internal: true });
  await createTicket(other.context.request, `Inna sprawa\nTo jest ${othersWord}.`);

  const c = customer.page;
  // A phone of 360 px: the search field fits, the page does not scroll sideways.
  await c.setViewportSize({ width: 360, height: 740 });
  await c.goto('/contact');
  await c.getByRole('button', { name: /^Zgłoszenia/ }).click();
  const field = c.getByLabel('Szukaj w moich zgłoszeniach');
  await expect(field).toBeVisible();
  const box = await field.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  expect(await c.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await c.setViewportSize({ width: 1280, height: 900 });
  // The staff note's word: nothing, said in Polish.
  await field.fill(inNote);
  await expect(c.getByTestId('no-search-results')).toContainText(`Brak wyników dla „${inNote}”`);
  await settle(c);
  await axe(c);
  // Another customer's word: nothing either.
  await field.fill(othersWord);
  await expect(c.getByTestId('no-search-results')).toContainText(
    `Brak wyników dla „${othersWord}”`,
  );
  await c.getByRole('button', { name: 'Wyczyść wyszukiwanie' }).click();
  await expect(field).toHaveValue('');
  await expect(c).not.toHaveURL(/[?&]q=/);

  // Their own word, typed key by key: found, in the address, and still there after a reload.
  await field.pressSequentially(own);
  await expect(c).toHaveURL(new RegExp(`[?&]q=${own}(&|$)`));
  await expect(row(c, ticketId).locator('mark')).toHaveText([own]);
  await expect(c.getByTestId('ticket-item')).toHaveCount(1);
  await c.reload();
  await expect(c.getByLabel('Szukaj w moich zgłoszeniach')).toHaveValue(own);
  await expect(row(c, ticketId).locator('mark')).toHaveText([own]);
  await expect(c.getByTestId('ticket-item')).toHaveCount(1);

  await staff.context.close();
  await other.context.close();
  await customer.context.close();
});
