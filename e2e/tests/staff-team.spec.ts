import AxeBuilder from '@axe-core/playwright';
import { type Account, ensureAdmin, registerViaApi } from '../accounts';
import { acceptCookies, expect, mailsTo, type Page, shot, test, unique } from '../fixtures';
import { setTheme } from '../themed-shots';

/*
 * „Zespół” (issue 31): an admin grants staff rights by e-mail address in the
 * workspace, the person is listed, gets an e-mail and staff powers at once;
 * then the rights are taken away after a confirmation, again with an e-mail.
 */

test.describe.configure({ timeout: 180_000 });

async function axeClean(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

test('an admin grants rights by e-mail, the person is listed and staff, then loses them', async ({
  browser,
  page,
}) => {
  const personContext = await browser.newContext();
  const id = unique('team');
  const person: Account = { username: id, email: `${id}@example.test`, password: 'Zielony-Kot-42' };
  expect((await registerViaApi(personContext.request, person)).ok()).toBe(true);

  await acceptCookies(page);
  await ensureAdmin(page.request);
  await page.goto('/contact');
  // Not „Zespół”: that is the site menu's link to the studio's people (/team).
  await page.getByRole('main').getByRole('link', { name: 'Zespół Kontaktu', exact: true }).click();
  await expect(page).toHaveURL(/\/contact\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Zespół' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^W zespole: / })).toBeVisible();

  // Both themes pass axe; a 360 px phone scrolls nowhere sideways.
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await axeClean(page);
  }
  await page.setViewportSize({ width: 360, height: 780 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'staff-team-360');
  await page.setViewportSize({ width: 1280, height: 800 });

  // An address without an account is refused in Polish, beside the field.
  const field = page.getByLabel('Adres e-mail');
  await field.fill(`nikt-${id}@example.test`);
  await field.press('Enter');
  await expect(page.getByText('Nie ma konta z tym adresem e-mail.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  // The right address, typed in capitals: the person joins the list.
  await field.fill(person.email.toUpperCase());
  await field.press('Enter');
  const row = page.getByTestId('team-members').getByRole('listitem').filter({ hasText: id });
  await expect(row).toContainText(person.email);
  await expect(row).toContainText('Dodano w Kontakcie przez');
  await expect(field).toHaveValue('');
  await expect
    .poll(async () => (await mailsTo(person.email)).map((m) => m.subject))
    .toContain('Nadano Ci uprawnienia zespołu');
  const me = await (await personContext.request.get('/api/auth/me')).json();
  expect(me.user.is_admin).toBe(true);

  // „Odbierz uprawnienia”, from the keyboard: the dialog asks first, Anuluj has focus.
  const revoke = row.getByRole('button', { name: `Odbierz uprawnienia: ${id}` });
  await revoke.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Odebrać uprawnienia?' });
  await expect(dialog).toContainText(person.email);
  await expect(dialog.getByRole('button', { name: 'Anuluj' })).toBeFocused();
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    await axeClean(page, '[role="alertdialog"]');
  }
  await dialog.getByRole('button', { name: 'Odbierz uprawnienia' }).click();
  await expect(page.getByText(`${id} nie ma już uprawnień zespołu.`)).toBeVisible();
  await expect(row).toHaveCount(0);

  // Their session loses staff powers on the next request, and they are told by e-mail.
  expect((await personContext.request.get('/api/admin/team')).status()).toBe(403);
  await expect
    .poll(async () => (await mailsTo(person.email)).map((m) => m.subject))
    .toContain('Odebrano Ci uprawnienia zespołu');
  await personContext.close();
});
