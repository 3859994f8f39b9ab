import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  acceptCookies,
  expect,
  mailsTo,
  readCode,
  SHOT_WIDTHS,
  shot,
  THEMES,
  test,
  unique,
} from '../fixtures';
import { setTheme } from '../themed-shots';

/*
 * The authenticator app (DESIGN.md §7.3) against the real server: set it up on
 * /profile reading the secret from the page and computing codes here as a
 * phone would, keep the recovery codes, then sign in with an app code and
 * with a recovery code.
 */

const PASSWORD = 'Zielony-Kot-42';
const BASE_URL = process.env.E2E_BASE_URL ?? '';
const STEP_MS = 30_000;

// Registration, two sign-ins, a wait for a fresh 30-second step and 16 screenshots.
test.describe.configure({ timeout: 240_000 });

const appCode = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp,
  });

/**
 * A code from a step after `usedAt`'s: the server takes each step once, so a
 * sign-in right after the set-up waits for the app's next code, as a person would.
 */
async function nextAppCode(secret: string, usedAt: number): Promise<string> {
  const usedStep = Math.floor(usedAt / STEP_MS);
  const wait = (usedStep + 1) * STEP_MS - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 200));
  return appCode(secret);
}

/** Screenshots at 1280 and 390 px in both themes, and axe in each theme, of the page as it is. */
async function shootWithAxe(page: Page, name: string) {
  for (const theme of THEMES) {
    await setTheme(page, theme);
    for (const width of SHOT_WIDTHS) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot(page, `${name}-${width}-${theme}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => ({ theme, id: v.id, nodes: v.nodes.length }))).toEqual([]);
  }
}

async function passwordStep(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Nazwa użytkownika lub email').fill(username);
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('sets up the authenticator app, then signs in with its code and with a recovery code', async ({
  page,
}) => {
  const username = unique('totp');
  const email = `${username}@example.test`;
  const registered = await page.request.post('/api/auth/register', {
    headers: { Origin: BASE_URL },
    data: { username, email, password: PASSWORD },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const verified = await page.request.post('/api/auth/verify-email', {
    headers: { Origin: BASE_URL },
    data: { username, email, password: PASSWORD, code: await readCode(email) },
  });
  expect(verified.status(), await verified.text()).toBe(200);

  // Set-up: QR code drawn in the page, and the secret as text to type in.
  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Aplikacja uwierzytelniająca' });
  await section.getByRole('button', { name: 'Skonfiguruj aplikację' }).click();
  await expect(
    section.getByRole('img', { name: 'Kod QR do zeskanowania aplikacją uwierzytelniającą' }),
  ).toBeVisible();
  const secret = ((await section.getByTestId('totp-secret').textContent()) ?? '').replace(
    /\s+/g,
    '',
  );
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.getByRole('img', { name: /Kod QR/ }).scrollIntoViewIfNeeded();
  await shootWithAxe(page, 'totp-setup');

  const codeField = section.getByLabel('Kod z aplikacji');
  await codeField.fill('000000');
  await section.getByRole('button', { name: 'Włącz' }).click();
  // A wrong code is refused on the spot (000000 being right is a one-in-330 000 chance).
  const refused = section.getByRole('alert').filter({ hasText: 'Niepoprawny kod' });
  await expect(refused).toBeVisible();
  const confirmedAt = Date.now();
  await codeField.fill(appCode(secret, confirmedAt));
  await section.getByRole('button', { name: 'Włącz' }).click();

  // The 10 recovery codes, shown once, with „Kopiuj” and „Pobierz jako .txt”.
  const list = section.getByTestId('recovery-codes').getByRole('listitem');
  await expect(list).toHaveCount(10);
  await expect(refused).toHaveCount(0);
  const recoveryCodes = (await list.allTextContents()).map((code) => code.trim());
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expect(section.getByRole('button', { name: 'Kopiuj' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Pobierz jako .txt' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('kody-zapasowe.txt');
  await shootWithAxe(page, 'totp-recovery-codes');
  await section.getByRole('button', { name: 'Gotowe' }).click();
  await expect(section.getByTestId('recovery-codes-left')).toHaveText(
    'Zostało 10 kodów zapasowych.',
  );

  // Log out; the password alone no longer signs in: the app's code is asked for.
  await page.getByRole('button', { name: 'Wyloguj się' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await passwordStep(page, username);
  const loginCode = page.getByLabel('Kod z aplikacji');
  await expect(loginCode).toBeFocused();
  await expect(page.getByRole('button', { name: 'Użyj kodu zapasowego' })).toBeVisible();
  // E-mail codes are off for this account, so there is no „Wyślij kod e-mailem”.
  await expect(page.getByRole('button', { name: 'Wyślij kod e-mailem' })).toHaveCount(0);
  await shootWithAxe(page, 'totp-login');
  await loginCode.fill(await nextAppCode(secret, confirmedAt));
  await page.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(page).toHaveURL(/\/contact$/);

  // Again with a recovery code instead of the phone.
  const logout = await page.request.post('/api/auth/logout', { headers: { Origin: BASE_URL } });
  expect(logout.status()).toBe(200);
  await passwordStep(page, username);
  await page.getByRole('button', { name: 'Użyj kodu zapasowego' }).click();
  const recoveryField = page.getByLabel('Kod zapasowy');
  await expect(recoveryField).toBeFocused();
  await recoveryField.fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  // The owner is told a recovery code was used.
  await expect
    .poll(async () => (await mailsTo(email)).map((mail) => mail.subject))
    .toContain('Użyto kodu zapasowego');

  await page.goto('/profile');
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('Zostało 9 kodów zapasowych.');
});
