import type { Browser, Page } from '@playwright/test';
import { ensureAdmin, originHeaders, registerViaApi, SHARED_ADMIN } from '../accounts';
import { acceptCookies, expect, test, unique } from '../fixtures';

/*
 * Presence between two browsers (issue 31): two staff members on one ticket
 * see each other's avatar, see the other typing, and the one who did not send
 * is warned before answering over the other's reply.
 */

test.describe.configure({ timeout: 180_000 });

// Two staff accounts of the runner (ADMIN_EMAILS in run.mjs).
const ANNA = SHARED_ADMIN;
const BARTEK = { username: 'triageadmin', email: 'triage-admin@studio.test' };

async function staffPage(browser: Browser, admin: { username: string; email: string }) {
  const context = await browser.newContext();
  await ensureAdmin(context.request, admin);
  const page = await context.newPage();
  await acceptCookies(page);
  return page;
}

const thread = (page: Page) => page.getByTestId('ticket-thread');
const replyField = (page: Page) => page.getByLabel('Treść wiadomości', { exact: true });

test('two staff members on one ticket see each other, see typing, and are warned of the other’s reply', async ({
  browser,
}) => {
  const customer = await browser.newContext();
  const name = unique('pr');
  const registered = await registerViaApi(customer.request, {
    username: name,
    email: `${name}@example.test`,
    password: 'Obecnosc-Zespolu-31',
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const subject = `Drukarka ${name} nie drukuje`;
  const created = await customer.request.post('/api/tickets', {
    headers: originHeaders(),
    data: { body: `${subject}\nKomunikat: brak papieru.` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const ticketId = ((await created.json()) as { id: number }).id;

  const a = await staffPage(browser, ANNA);
  const b = await staffPage(browser, BARTEK);
  await a.setViewportSize({ width: 1440, height: 900 });
  await a.goto(`/contact?ticket=${ticketId}`);
  await expect(thread(a).getByTestId('message').filter({ hasText: 'brak papieru' })).toBeVisible();
  await replyField(a).fill('Sprawdzam podajnik');

  // B opens the ticket A has open: A sees B's avatar in the thread header and the list row.
  await b.goto(`/contact?ticket=${ticketId}`);
  await expect(thread(b).getByTestId('message').filter({ hasText: 'brak papieru' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(thread(a).getByRole('img', { name: `${BARTEK.username} przegląda` })).toBeVisible();
  const row = a.locator(`[data-testid="ticket-item"][data-ticket-id="${ticketId}"]`);
  await expect(row.getByTitle(`${BARTEK.username} przegląda`)).toBeVisible();

  // B types: A sees „pisze…”.
  await replyField(b).pressSequentially('Proszę włożyć papier');
  await expect(thread(a).getByRole('img', { name: `${BARTEK.username} pisze…` })).toBeVisible();

  // B sends; the reply reaches A's thread live, and A's send asks first.
  await b.getByRole('button', { name: 'Wyślij', exact: true }).click();
  await expect(
    thread(a).getByTestId('message').filter({ hasText: 'Proszę włożyć papier' }),
  ).toBeVisible();
  await a.getByRole('button', { name: 'Wyślij', exact: true }).click();
  const warning = a.getByRole('alert').filter({ hasText: 'pokaż' });
  await expect(warning).toContainText(
    new RegExp(`${BARTEK.username} odpowiedział (przed chwilą|\\d+ s temu) — pokaż`),
  );
  // „pokaż” sends nothing: A's text stays, and the thread still holds one staff reply.
  await warning.getByRole('button', { name: 'pokaż' }).click();
  await expect(warning).toHaveCount(0);
  await expect(replyField(a)).toHaveValue('Sprawdzam podajnik');
  await expect(thread(a).getByTestId('message')).toHaveCount(2);
});
