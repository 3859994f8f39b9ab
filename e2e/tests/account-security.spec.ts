import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  acceptCookies,
  expect,
  mailsTo,
  readCode,
  shotAll,
  THEMES,
  test,
  unique,
} from '../fixtures';

/*
 * Issue 19 on /profile against the real server: „Zalogowane urządzenia” with
 * two browsers (two contexts), signing the other one out, and „Zmień hasło”.
 */

const PASSWORD = 'Zielony-Kot-42';
const NEW_PASSWORD = 'Niebieski-Pies-77';
const BASE_URL = process.env.E2E_BASE_URL ?? '';

test.describe.configure({ timeout: 120_000 });

const originHeaders = () => ({ Origin: BASE_URL });

async function registerViaApi(request: APIRequestContext, username: string, email: string) {
  const data = { username, email, password: PASSWORD };
  const registered = await request.post('/api/auth/register', { headers: originHeaders(), data });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const verified = await request.post('/api/auth/verify-email', {
    headers: originHeaders(),
    data: { ...data, code: await readCode(email) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

async function loginStatus(request: APIRequestContext, identifier: string, password: string) {
  const response = await request.post('/api/auth/login', {
    headers: originHeaders(),
    data: { identifier, password },
  });
  return response.status();
}

function sessionsSection(page: Page) {
  return page.locator('section#sessions');
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('two browsers: the profile lists both, signs the other out, and the password change keeps only this one', async ({
  page,
  browser,
}) => {
  const username = unique('sesje');
  const email = `${username}@example.test`;
  await registerViaApi(page.request, username, email);

  // A second browser signs in: the owner gets a sign-in alert, as it has never been used here.
  const other = await browser.newContext({ baseURL: BASE_URL });
  expect(await loginStatus(other.request, username, PASSWORD)).toBe(200);
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject))
    .toContain('Nowe logowanie na Twoje konto');

  await page.goto('/profile');
  const section = sessionsSection(page);
  await expect(section.getByRole('heading', { name: 'Zalogowane urządzenia' })).toBeVisible({
    timeout: 30_000,
  });
  const rows = section.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'To urządzenie' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'To urządzenie' })).toContainText('Chrome');
  await expect(section).toContainText('przed chwilą');

  // Sign the other browser out: it is refused at once.
  await section.getByRole('button', { name: /^Wyloguj: / }).click();
  await expect(rows).toHaveCount(1);
  expect((await other.request.get('/api/auth/me')).status()).toBe(401);

  // It signs in again; „Wyloguj wszystkie pozostałe” ends it too.
  expect(await loginStatus(other.request, username, PASSWORD)).toBe(200);
  await page.reload();
  await expect(rows).toHaveCount(2, { timeout: 30_000 });
  await section.getByRole('button', { name: 'Wyloguj wszystkie pozostałe' }).click();
  await expect(rows).toHaveCount(1);
  expect((await other.request.get('/api/auth/me')).status()).toBe(401);

  // „Zmień hasło”: a wrong current password is refused, then the change works.
  expect(await loginStatus(other.request, username, PASSWORD)).toBe(200);
  const form = page.locator('form', {
    has: page.getByRole('heading', { name: 'Zmień hasło' }),
  });
  await form.getByLabel('Obecne hasło').fill('Niepoprawne-Haslo-1');
  await form.getByLabel('Nowe hasło', { exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Powtórz nowe hasło').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(form.getByRole('alert')).toContainText('Niepoprawne obecne hasło');
  await form.getByLabel('Obecne hasło').fill(PASSWORD);
  await form.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(form.getByRole('status')).toContainText('Hasło zostało zmienione');
  expect((await other.request.get('/api/auth/me')).status()).toBe(401);
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
  expect(await loginStatus(other.request, username, PASSWORD)).toBe(401);
  expect(await loginStatus(other.request, username, NEW_PASSWORD)).toBe(200);
  await expect
    .poll(async () => (await mailsTo(email)).map((m) => m.subject))
    .toContain('Hasło zostało zmienione');

  // The profile with two browsers listed, in both themes and widths, and axe on it.
  const ready = async (shown: Page) => {
    await expect(sessionsSection(shown).getByRole('listitem')).toHaveCount(2, {
      timeout: 30_000,
    });
  };
  await shotAll(page, 'profile-sessions', '/profile', ready);
  for (const theme of THEMES) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.reload();
    await ready(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${theme}: ${v.id} ${v.nodes[0]?.target.join(' ')}`)).toEqual([]);
  }
  await other.close();
});
