import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { type Account, ensureAdmin, originHeaders, registerViaApi } from '../accounts';
import { acceptCookies, expect, mailsTo, readCode, test, unique } from '../fixtures';

/*
 * Issue 28, the way back for a locked-out owner: the staff customer panel
 * names every second factor that is on and resets them only after the staff
 * member types the customer's username or e-mail. The customer is signed out
 * everywhere and told by e-mail.
 */

test.describe.configure({ timeout: 180_000 });

async function post(request: APIRequestContext, url: string, data?: unknown) {
  const response = await request.post(url, {
    headers: originHeaders(),
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return response;
}

test('staff reset a customer’s second factors after typing their username', async ({
  browser,
  page,
}) => {
  // The customer: e-mail codes on, one ticket open.
  const customerContext = await browser.newContext();
  const id = unique('reset');
  const customer: Account = {
    username: id,
    email: `${id}@example.test`,
    password: 'Zielony-Kot-42',
  };
  expect((await registerViaApi(customerContext.request, customer)).ok()).toBe(true);
  await post(customerContext.request, '/api/profile/mfa/enable/request');
  await post(customerContext.request, '/api/profile/mfa/enable/confirm', {
    code: await readCode(customer.email),
  });
  const created = await post(customerContext.request, '/api/tickets', {
    body: 'Nie mam już telefonu z kodami, proszę o pomoc.',
  });
  const ticketId = ((await created.json()) as { id: number }).id;

  // The staff member opens the ticket; the panel says what is on.
  await acceptCookies(page);
  await ensureAdmin(page.request);
  await page.goto(`/contact?ticket=${ticketId}`);
  const panel = page.getByRole('complementary', { name: 'Klient' });
  await expect(panel.getByTestId('customer-mfa')).toHaveText('włączone: kody z e-maila', {
    timeout: 30_000,
  });
  await panel.getByRole('button', { name: 'Resetuj drugi składnik' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Resetuj drugi składnik' });
  await expect(dialog).toContainText('wylogujemy go ze wszystkich urządzeń');
  const field = dialog.getByLabel('Nazwa użytkownika lub e-mail klienta');
  await expect(field).toBeFocused();
  const confirm = dialog.getByRole('button', { name: 'Resetuj drugi składnik' });
  await field.fill('ktos-inny');
  await expect(confirm).toBeDisabled();
  const { violations } = await new AxeBuilder({ page }).include('[role="alertdialog"]').analyze();
  expect(violations.map((v) => v.id)).toEqual([]);
  const mailsBefore = (await mailsTo(customer.email)).length;
  await field.fill(customer.username);
  await expect(confirm).toBeEnabled();
  await field.press('Enter');

  await expect(page.getByText('Drugi składnik zresetowany.')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByTestId('customer-mfa')).toHaveText('wyłączone');
  await expect(panel.getByRole('button', { name: 'Resetuj drugi składnik' })).toHaveCount(0);

  // The customer was signed out everywhere and told by e-mail.
  expect((await customerContext.request.get('/api/auth/me')).status()).toBe(401);
  await expect
    .poll(async () => (await mailsTo(customer.email)).length)
    .toBeGreaterThan(mailsBefore);
  await customerContext.close();
});
