import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  acceptCookies,
  expect,
  mailsTo,
  readCode,
  shot,
  shotAll,
  THEMES,
  test,
  unique,
} from '../fixtures';

/*
 * Writing without an account (DESIGN.md §7.6) against the real server: a
 * visitor writes from /contact, confirms from the e-mail in the dev outbox,
 * and later registers with that address and finds the ticket in Kontakt.
 */

// Registration, a 3-second minimum fill time and screenshots on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Zielony-Kot-42';

/** The confirmation link of the newest inquiry e-mail to `email`, as a path on this server. */
async function readConfirmPath(email: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    for (const mail of await mailsTo(email)) {
      const link = mail.text.match(/https?:\/\/\S+\/contact\/confirm\?token=[\w-]+/)?.[0];
      if (link) {
        const url = new URL(link);
        return `${url.pathname}${url.search}`;
      }
    }
    if (Date.now() > deadline) throw new Error(`No inquiry e-mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function writeInquiry(page: Page, input: { name: string; email: string; body: string }) {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Napisz do nas bez konta' });
  await expect(form).toBeVisible({ timeout: 30_000 });
  await form.getByLabel('Imię i nazwisko lub firma').fill(input.name);
  await form.getByLabel('E-mail').fill(input.email);
  await form.getByLabel('Wiadomość').fill(input.body);
  await form.getByLabel('Akceptuję Regulamin').check();
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  await expect(page.getByText('Sprawdź skrzynkę')).toBeVisible({ timeout: 15_000 });
}

test('a visitor writes without an account, confirms from the e-mail, registers and finds the ticket', async ({
  page,
}) => {
  await acceptCookies(page);
  const id = unique('gosc');
  const email = `${id}@example.test`;
  const body = `Prosimy o wycenę sklepu internetowego (${id}).`;

  await writeInquiry(page, { name: 'Ewa Nowak', email, body });
  await shot(page, 'inquiry-sent-1280');

  const confirmPath = await readConfirmPath(email);
  await page.goto(confirmPath);
  await expect(page.getByText('Dziękujemy, wiadomość trafiła do naszego zespołu.')).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText(/Odpowiedzi wyślemy na Twój adres e-mail/)).toBeVisible();
  // Confirming again (a reload) is the same ticket, not an error.
  await page.reload();
  await expect(page.getByText('Dziękujemy, wiadomość trafiła do naszego zespołu.')).toBeVisible({
    timeout: 30_000,
  });

  await page.getByRole('link', { name: 'Załóż konto' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await page.getByLabel('Nazwa użytkownika').fill(id);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Akceptuję Regulamin').check();
  await page.getByRole('button', { name: 'Zarejestruj się' }).click();
  await expect(page).toHaveURL(/\/verify-email$/);
  await page.getByLabel('Kod weryfikacyjny').fill(await readCode(email));
  await page.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(page).toHaveURL(/\/contact/);
  await page.goto('/contact');
  await expect(page.getByText(body).first()).toBeVisible({ timeout: 30_000 });
});

test('screens of writing without an account, both themes, 1280 and 390 px', async ({ page }) => {
  await shotAll(page, 'inquiry-contact', '/contact', async (p) => {
    await expect(p.getByRole('heading', { name: 'Napisz do nas bez konta' })).toBeVisible({
      timeout: 30_000,
    });
  });
  const email = `${unique('ekran')}@example.test`;
  await writeInquiry(page, { name: 'Jan Kowalski', email, body: 'Dzień dobry!' });
  await shotAll(page, 'inquiry-confirm', await readConfirmPath(email), async (p) => {
    await expect(p.getByText('Dziękujemy, wiadomość trafiła do naszego zespołu.')).toBeVisible({
      timeout: 30_000,
    });
  });
});

test('the form explains what is missing, in Polish', async ({ page }) => {
  await acceptCookies(page);
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Napisz do nas bez konta' });
  await form.getByRole('button', { name: 'Wyślij wiadomość' }).click();
  await expect(form.getByText('To pole jest wymagane')).toHaveCount(3);
  await expect(form.getByText('Musisz zaakceptować Regulamin')).toBeVisible();
  await expect(form.getByLabel('Imię i nazwisko lub firma')).toBeFocused();
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'inquiry-errors-390');
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const theme of THEMES) {
  test(`/contact and /contact/confirm have no axe violations in the ${theme} theme`, async ({
    page,
  }) => {
    await acceptCookies(page);
    await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Napisz do nas bez konta' })).toBeVisible({
      timeout: 30_000,
    });
    const contact = await new AxeBuilder({ page }).analyze();
    expect(contact.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.goto('/contact/confirm?token=zly-link');
    await expect(page.getByText(/nieprawidłowy lub wygasł/)).toBeVisible({ timeout: 30_000 });
    const confirm = await new AxeBuilder({ page }).analyze();
    expect(confirm.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}
