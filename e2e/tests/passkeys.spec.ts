import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { CDPSession } from '@playwright/test';
import {
  acceptCookies,
  expect,
  type Page,
  SHOT_WIDTHS,
  shot,
  THEMES,
  test,
  unique,
} from '../fixtures';
import { type LocalhostServer, startLocalhostServer } from '../localhost-server';

/*
 * Passkeys (DESIGN.md §7.3) with Chromium's virtual authenticator, driven
 * through the DevTools protocol. WebAuthn refuses an IP address as the RP ID,
 * and the suite's server runs on http://127.0.0.1, so this file starts its own
 * server from the same build at http://localhost (a secure context whose host
 * name is a valid RP ID).
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const PASSWORD = 'Zielony-Kot-42';
let server: LocalhostServer | undefined;
let dataDir = '';
let origin = '';

test.beforeAll(async () => {
  server = await startLocalhostServer('passkeys');
  ({ origin, dataDir } = server);
});

test.afterAll(() => server?.stop());

/** The newest 6-digit code e-mailed to `email` by this file's server (its dev outbox). */
async function codeFor(email: string, after: number): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    const mails = names
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({
        at: fs.statSync(path.join(outbox, name)).mtimeMs,
        mail: JSON.parse(fs.readFileSync(path.join(outbox, name), 'utf8')),
      }))
      .filter(({ at, mail }) => at >= after && mail.to.toLowerCase() === email)
      .sort((a, b) => b.at - a.at);
    const code = mails[0]?.mail.text.match(/^\s*(\d{6})\s*$/m)?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no code e-mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function post(page: Page, url: string, data?: unknown) {
  const response = await page.request.post(`${origin}${url}`, {
    headers: { Origin: origin },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), await response.text()).toBe(200);
  return response;
}

/** Registers through the API; the page's context ends up signed in. */
async function register(page: Page) {
  const username = unique('klucz');
  const email = `${username}@example.test`;
  const started = Date.now() - 1000;
  await post(page, '/api/auth/register', { username, email, password: PASSWORD });
  await post(page, '/api/auth/verify-email', {
    username,
    email,
    password: PASSWORD,
    code: await codeFor(email, started),
  });
  return { username, email };
}

/** A platform authenticator with a PIN or fingerprint, as on a phone or laptop. */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

async function credentials(cdp: CDPSession, authenticatorId: string) {
  return (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
}

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => ({
    label,
    id: v.id,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/** Both themes at both widths, with axe per theme; `ready` waits for the content after a reload. */
async function shootAll(page: Page, name: string, ready: () => Promise<void>) {
  for (const theme of THEMES) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    for (const width of SHOT_WIDTHS) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await page.reload();
      await ready();
      await shot(page, `${name}-${width}-${theme}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page, `${name} ${theme}`);
  }
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('a passkey is added in the profile, and signs in without a username', async ({ page }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const account = await register(page);
  await page.goto(`${origin}/profile`);
  const section = page.getByRole('heading', { name: 'Klucze dostępu' });
  await expect(section).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Nie masz jeszcze kluczy dostępu.')).toBeVisible();
  const nameField = page.getByLabel('Nazwa nowego klucza');
  // The default name comes from the browser.
  await expect(nameField).toHaveValue(/Chrome/);
  await nameField.fill('Laptop testowy');
  await page.getByRole('button', { name: 'Dodaj klucz dostępu' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dodano klucz dostępu' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Twoje klucze dostępu' });
  await expect(list.getByText('Laptop testowy')).toBeVisible();
  await expect(list).toContainText('jeszcze nieużywany');
  const [stored] = await credentials(cdp, authenticatorId);
  expect(stored?.isResidentCredential).toBe(true);

  // Rename, by keyboard.
  await page.getByRole('button', { name: 'Zmień nazwę klucza Laptop testowy' }).click();
  const rename = page.getByLabel('Nowa nazwa klucza');
  await rename.fill('Służbowy laptop');
  await rename.press('Enter');
  await expect(list.getByText('Służbowy laptop')).toBeVisible();

  await shootAll(page, 'passkeys-profile', async () => {
    await expect(page.getByRole('list', { name: 'Twoje klucze dostępu' })).toBeVisible({
      timeout: 30_000,
    });
    // From the top, as the other screenshots (the fixed header in its place).
    await page.evaluate(() => window.scrollTo(0, 0));
  });

  await page.getByRole('button', { name: 'Wyloguj się' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await shootAll(page, 'passkeys-login', async () => {
    await expect(page.getByRole('button', { name: 'Zaloguj się kluczem dostępu' })).toBeVisible({
      timeout: 30_000,
    });
  });

  // No username typed: the browser offers the site's passkey and the device verifies its user.
  await page.getByRole('button', { name: 'Zaloguj się kluczem dostępu' }).click();
  await expect(page).toHaveURL(/\/contact$/, { timeout: 30_000 });
  const me = await page.request.get(`${origin}/api/auth/me`);
  expect((await me.json()).user.username).toBe(account.username);
  const [used] = await credentials(cdp, authenticatorId);
  expect(used?.signCount).toBeGreaterThan(stored?.signCount ?? 0);

  await page.goto(`${origin}/profile`);
  await expect(page.getByRole('list', { name: 'Twoje klucze dostępu' })).toContainText(
    'ostatnio użyty',
  );
});

test('a passkey answers the second step after the password', async ({ page }) => {
  await virtualAuthenticator(page);
  const account = await register(page);
  await page.goto(`${origin}/profile`);
  await page.getByLabel('Nazwa nowego klucza').fill('Telefon');
  await page.getByRole('button', { name: 'Dodaj klucz dostępu' }).click();
  await expect(page.getByRole('list', { name: 'Twoje klucze dostępu' })).toContainText('Telefon');
  const started = Date.now() - 1000;
  await post(page, '/api/profile/mfa/enable/request');
  await post(page, '/api/profile/mfa/enable/confirm', {
    code: await codeFor(account.email, started),
  });
  // Signed out from the page itself: a logout behind the page's back is a session ended
  // elsewhere, and the page (still polling /profile) would rightly remember /profile as the
  // place to come back to after the next sign-in.
  await page.getByRole('button', { name: 'Wyloguj się' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Nazwa użytkownika lub email').fill(account.username);
  await page.getByLabel('Hasło', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  const usePasskey = page.getByRole('button', { name: 'Użyj klucza dostępu' });
  await expect(usePasskey).toBeVisible();
  await shot(page, 'passkeys-second-factor-1280-dark');

  await usePasskey.click();
  await expect(page).toHaveURL(/\/contact$/, { timeout: 30_000 });
  const me = await page.request.get(`${origin}/api/auth/me`);
  expect((await me.json()).user.mfa_enabled).toBe(true);
});

test('a cancelled passkey prompt says so in Polish', async ({ page }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await page.goto(`${origin}/login`);
  // A device that holds no passkey for the site: the browser ends the request with NotAllowedError.
  await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
  await page.evaluate(() => {
    const original = navigator.credentials.get.bind(navigator.credentials);
    navigator.credentials.get = (options) => {
      void original;
      void options;
      return Promise.reject(
        new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'),
      );
    };
  });
  await page.getByRole('button', { name: 'Zaloguj się kluczem dostępu' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Anulowano albo minął czas' }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
