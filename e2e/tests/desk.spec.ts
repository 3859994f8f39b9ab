import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { ensureAdmin, originHeaders, registerViaApi } from '../accounts';
import { acceptCookies, expect, shot, THEMES, test, unique } from '../fixtures';
import { setTheme } from '../themed-shots';

/*
 * Staff's desk (issue 31) against the real server: a full-height workspace without the
 * site's header and footer, a dense list of 15+ tickets at 1440×900 sorted by its column
 * headers, a list width moved by keyboard and kept, and on a 360 px phone one pane at a
 * time (list → thread → customer and back) with the composer on screen.
 */

test.describe.configure({ mode: 'default', timeout: 300_000 });

const CUSTOMERS = 3;
const TICKETS_EACH = 6;

/** Customers and their tickets, made through the API (10 new tickets an hour per account). */
async function seedTickets(browser: Browser, tag: string) {
  for (let c = 0; c < CUSTOMERS; c++) {
    const context = await browser.newContext();
    const id = unique('desk');
    const verified = await registerViaApi(context.request, {
      username: id,
      email: `${id}@example.test`,
      password: 'Zielony-Kot-42',
    });
    expect(verified.ok(), await verified.text()).toBe(true);
    for (let t = 0; t < TICKETS_EACH; t++) {
      await createTicket(context.request, `${tag} sprawa ${c * TICKETS_EACH + t + 1}\nSzczegóły.`);
    }
    await context.close();
  }
}

async function createTicket(request: APIRequestContext, body: string) {
  const created = await request.post('/api/tickets', { headers: originHeaders(), data: { body } });
  expect(created.status(), await created.text()).toBe(201);
}

async function newAdmin(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await acceptCookies(page);
  await ensureAdmin(context.request);
  return { context, page };
}

const rows = (page: Page) => page.getByTestId('ticket-item');
const separator = (page: Page) => page.getByRole('separator', { name: 'Szerokość listy zgłoszeń' });

/** Rows whose whole height is inside the window. */
function rowsFullyInView(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll('[data-testid="ticket-item"]')].filter((row) => {
        const box = row.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
}

async function axe(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${label}: ${v.id} ${v.nodes[0]?.target}`)).toEqual([]);
}

const numbers = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="ticket-item"]')].map((row) =>
      Number(row.textContent?.match(/#(\d+)/)?.[1] ?? 0),
    ),
  );

test('at 1440×900 the desk shows 15+ tickets, sorts by a header and keeps a resized list', async ({
  browser,
}) => {
  await seedTickets(browser, unique('Biurko'));
  const { context, page } = await newAdmin(browser, { width: 1440, height: 900 });
  await page.goto('/contact');
  await expect(rows(page).nth(14)).toBeVisible();

  // A workspace of its own: no site navigation or footer, nothing opened (or read) by itself.
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Główna nawigacja' })).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Raporty', exact: true })).toBeVisible();
  await expect(page.locator('[data-testid="ticket-item"][aria-current="true"]')).toHaveCount(0);
  await expect(page).not.toHaveURL(/ticket=/);
  expect(await rowsFullyInView(page)).toBeGreaterThanOrEqual(15);
  // The page itself never scrolls: the list does.
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(900);

  // Sorting by the number column, newest first, then the other way round.
  const numberHeader = page.getByRole('columnheader', { name: /Numer/ });
  await expect(numberHeader).toHaveAttribute('aria-sort', 'none');
  await page.getByTestId('sort-number').click();
  await expect(numberHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => isSorted(await numbers(page), 'desc')).toBe(true);
  await page.getByTestId('sort-number').click();
  await expect(numberHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(async () => isSorted(await numbers(page), 'asc')).toBe(true);
  await page.getByTestId('sort-activity').click();
  await expect(page.getByRole('columnheader', { name: /Ostatnia aktywność/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(numberHeader).toHaveAttribute('aria-sort', 'none');

  // The separator moves with the arrow keys and the width survives a reload.
  const before = Number(await separator(page).getAttribute('aria-valuenow'));
  await separator(page).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(separator(page)).toHaveAttribute('aria-valuenow', String(before + 48));
  await page.keyboard.press('ArrowLeft');
  await expect(separator(page)).toHaveAttribute('aria-valuenow', String(before + 24));
  await page.reload();
  await expect(separator(page)).toHaveAttribute('aria-valuenow', String(before + 24));
  await page.keyboard.press('Tab');

  // Opening a ticket is the agent's own choice.
  await rows(page).first().click();
  await expect(page.locator('[data-testid="ticket-item"][aria-current="true"]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Klient' })).toBeVisible();
  for (const theme of THEMES) {
    await setTheme(page, theme);
    await shot(page, `desk-1440-${theme}`);
    await axe(page, `1440 ${theme}`);
  }
  await context.close();
});

function isSorted(values: number[], dir: 'asc' | 'desc'): boolean {
  return (
    values.length >= 2 &&
    values.every((value, i) => {
      const before = values[i - 1];
      return before === undefined || (dir === 'asc' ? before < value : before > value);
    })
  );
}

test('on a 360 px phone: list → thread → customer and back, the composer on screen', async ({
  browser,
}) => {
  const tag = unique('Telefon');
  const customer = await browser.newContext();
  const id = unique('deskm');
  await registerViaApi(customer.request, {
    username: id,
    email: `${id}@example.test`,
    password: 'Zielony-Kot-42',
  });
  await createTicket(customer.request, `${tag} z telefonu\nNie działa logowanie.`);
  await customer.close();

  const { context, page } = await newAdmin(browser, { width: 360, height: 780 });
  await page.goto('/contact');
  // Newest first: other specs' tickets may fill the first page of the oldest-waiting order.
  await page.getByTestId('sort-activity').click();
  const row = rows(page).filter({ hasText: tag });
  await expect(row).toBeVisible();
  const thread = page.getByTestId('ticket-thread');
  await expect(thread).toBeHidden();

  await row.click();
  await expect(thread).toBeVisible();
  await expect(row).toBeHidden();
  const composer = page.getByLabel('Treść wiadomości');
  const send = page.getByRole('button', { name: 'Wyślij', exact: true });
  await expect(composer).toBeInViewport();
  await expect(send).toBeInViewport();
  // The thread's actions wait behind „Więcej”.
  await expect(page.getByRole('button', { name: 'Zamknij', exact: true })).toBeHidden();
  await page.getByRole('button', { name: 'Więcej' }).click();
  await expect(page.getByRole('button', { name: 'Zamknij', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Więcej' }).click();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const theme of THEMES) {
    await setTheme(page, theme);
    await shot(page, `desk-360-thread-${theme}`);
    await axe(page, `360 ${theme}`);
  }

  await page.getByRole('button', { name: 'Klient', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Klient' })).toBeVisible();
  await expect(thread).toBeHidden();
  await page.getByRole('button', { name: 'Rozmowa' }).click();
  await expect(thread).toBeVisible();
  await expect(send).toBeInViewport();
  await page.getByRole('button', { name: 'Lista zgłoszeń' }).click();
  await expect(row).toBeVisible();
  await expect(thread).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await context.close();
});
