import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, CDPSession } from '@playwright/test';
import {
  acceptCookies,
  expect,
  type Page,
  settle,
  shot,
  takesScreenshots,
  test,
  unique,
} from '../fixtures';
import { type LocalhostServer, startLocalhostServer } from '../localhost-server';

/** What the screen shows (not the whole page): e2e/screenshots/<name>.png. */
const viewShot = async (page: Page, name: string) => {
  if (!takesScreenshots) return settle(page);
  await page.screenshot({
    path: fileURLToPath(new URL(`../screenshots/${name}.png`, import.meta.url)),
  });
};

/*
 * Issue 28, the whole takeover in two browsers: a thief holding only the
 * victim's session cookie cannot add a passkey or turn on the authenticator
 * app without the password; the owner changes the password, gets the alert,
 * presses „To nie ja”, and the thief's session is gone; the password then
 * stays locked until a reset by e-mail.
 *
 * Why this file has its own server (like passkeys.spec.ts): WebAuthn refuses
 * an IP address as the RP ID, so passkeys need http://localhost; and a sign-in
 * counts as a confirmation for REAUTH_WINDOW_SECONDS, which here is the
 * smallest the server accepts (30 s) so the tests can wait it out. The suite's
 * server keeps the default 600 s: the other specs add factors right after
 * signing in and never see the dialog. Copying the cookie cannot make the
 * confirmation lapse — it belongs to the session, and the copy is the same
 * session — so waiting out the window is the honest way to a stolen session
 * that is "not confirmed".
 */

const REAUTH_WINDOW_SECONDS = 30;
const PASSWORD = 'Zielony-Kot-42';
const NEW_PASSWORD = 'Niebieski-Pies-77';
const RESET_PASSWORD = 'Nowe-Haslo-Zimowe-7';
const SESSION_EXPIRED = 'Twoja sesja wygasła — zaloguj się ponownie';

test.describe.configure({ mode: 'serial', timeout: 240_000 });

let server: LocalhostServer | undefined;
let dataDir = '';
let origin = '';

test.beforeAll(async () => {
  server = await startLocalhostServer('takeover', {
    REAUTH_WINDOW_SECONDS: String(REAUTH_WINDOW_SECONDS),
  });
  ({ origin, dataDir } = server);
});

test.afterAll(() => server?.stop());

interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** The first match of `pattern` in a mail to `email` written after `after` (this server's outbox). */
async function fromMail(email: string, pattern: RegExp, after: number): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  const deadline = Date.now() + 20_000;
  for (;;) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    const mails = names
      .filter((name) => name.endsWith('.json'))
      .map((name) => ({
        at: fs.statSync(path.join(outbox, name)).mtimeMs,
        mail: JSON.parse(fs.readFileSync(path.join(outbox, name), 'utf8')) as Mail,
      }))
      .filter(({ at, mail }) => at >= after && mail.to.toLowerCase() === email)
      .sort((a, b) => b.at - a.at);
    for (const { mail } of mails) {
      const found = mail.text.match(pattern)?.[0];
      if (found) return found;
    }
    if (Date.now() > deadline) throw new Error(`no mail matching ${pattern} for ${email}`);
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

/** Registers through the API; the page's context ends up signed in (which confirms the session). */
async function register(page: Page) {
  const username = unique('ofiara');
  const email = `${username}@example.test`;
  const started = Date.now() - 1000;
  await post(page, '/api/auth/register', { username, email, password: PASSWORD });
  const code = await fromMail(email, /^\s*\d{6}\s*$/m, started);
  await post(page, '/api/auth/verify-email', {
    username,
    email,
    password: PASSWORD,
    code: code.trim(),
  });
  return { username, email, signedInAt: Date.now() };
}

/** Lets the confirmation that signing in gave this session lapse (REAUTH_WINDOW_SECONDS). */
async function waitOutConfirmation(signedInAt: number) {
  const wait = signedInAt + (REAUTH_WINDOW_SECONDS + 2) * 1000 - Date.now();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
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

/** The thief's browser: nothing but the victim's session cookie (and the hint, which any page may set). */
async function contextWithStolenCookie(
  from: BrowserContext,
  newContext: () => Promise<BrowserContext>,
) {
  const stolen = (await from.cookies(origin)).find((cookie) => cookie.name === 'sid');
  if (!stolen) throw new Error('the victim has no session cookie');
  const thief = await newContext();
  // `signed_in=1` holds no secret (lib/session.ts): it only tells the page to ask who is signed in.
  await thief.addCookies([
    { ...stolen },
    { name: 'signed_in', value: '1', domain: stolen.domain, path: '/', sameSite: 'Lax' },
  ]);
  return thief;
}

async function expectNoAxeViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => ({ label, id: v.id, nodes: v.nodes.length }))).toEqual([]);
}

async function passwordLogin(page: Page, identifier: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Nazwa użytkownika lub email').fill(identifier);
  await page.getByLabel('Hasło', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
}

test('a stolen session cookie cannot add a passkey or the app, and „To nie ja” ends it', async ({
  page,
  browser,
}) => {
  await acceptCookies(page);
  const victim = await register(page);
  await page.goto(`${origin}/profile`);
  await expect(page.getByRole('heading', { name: 'Klucze dostępu' })).toBeVisible({
    timeout: 30_000,
  });

  // The thief copies the cookie once the owner's sign-in no longer counts as a confirmation.
  await waitOutConfirmation(victim.signedInAt);
  const thiefContext = await contextWithStolenCookie(page.context(), () =>
    browser.newContext({ locale: 'pl-PL', viewport: { width: 360, height: 780 } }),
  );
  const thief = await thiefContext.newPage();
  await acceptCookies(thief);
  const thiefDevice = await virtualAuthenticator(thief);
  await thief.goto(`${origin}/profile`);
  await expect(thief.getByTestId('profile-username')).toHaveText(victim.username, {
    timeout: 30_000,
  });

  await test.step('adding a passkey asks for the password the thief does not know', async () => {
    await thief.getByLabel('Nazwa nowego klucza').fill('Klucz złodzieja');
    await thief.getByRole('button', { name: 'Dodaj klucz dostępu' }).click();
    const dialog = thief.getByRole('dialog', { name: 'Potwierdź hasło' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('Dla bezpieczeństwa');
    // Focus is in the dialog, on the password: typing and Enter need no mouse.
    await expect(dialog.getByLabel('Hasło')).toBeFocused();
    await thief.keyboard.type('Zgaduje-Haslo-1');
    await thief.keyboard.press('Enter');
    await expect(dialog.getByRole('alert')).toHaveText('Niepoprawne hasło. Spróbuj ponownie.');
    await viewShot(thief, 'takeover-reauth-dialog-360-dark');
    await expectNoAxeViolations(thief, 'reauth dialog');
    await thief.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(
      thief.getByRole('alert').filter({ hasText: 'nic nie zostało zmienione' }),
    ).toBeVisible();
    // The browser's prompt never ran and the account has no passkey.
    expect(await credentials(thiefDevice.cdp, thiefDevice.authenticatorId)).toHaveLength(0);
    const passkeys = await page.request.get(`${origin}/api/profile/passkeys`);
    expect((await passkeys.json()).passkeys).toEqual([]);
  });

  await test.step('turning on the app asks too, and shows no secret', async () => {
    await thief.getByRole('button', { name: 'Skonfiguruj aplikację' }).click();
    const dialog = thief.getByRole('dialog', { name: 'Potwierdź hasło' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Anuluj' }).click();
    await expect(dialog).toBeHidden();
    await expect(thief.getByTestId('totp-secret')).toHaveCount(0);
    const security = await (await page.request.get(`${origin}/api/profile/security`)).json();
    expect(security.totp_enabled).toBe(false);
    expect(security.second_factors).toEqual({ email_codes: false, totp: false, passkeys: 0 });
  });

  // The owner changes the password; the alert carries „To nie ja”.
  const changedAt = Date.now() - 1000;
  await page.getByLabel('Obecne hasło').fill(PASSWORD);
  await page.getByLabel('Nowe hasło', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Powtórz nowe hasło').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Zmień hasło' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Hasło zostało zmienione' }).first(),
  ).toBeVisible();
  const lockLink = new URL(
    await fromMail(victim.email, /https?:\/\/\S+\/security\/lock\?token=[^\s"<>]+/, changedAt),
  );

  await test.step('opening „To nie ja” explains; only the button locks', async () => {
    await page.goto(`${origin}${lockLink.pathname}${lockLink.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'To nie ja' })).toBeVisible();
    await expect(
      page.getByText('Zablokujemy konto: wylogujemy wszystkie urządzenia'),
    ).toBeVisible();
    // A GET (a mail scanner following the link) locks nothing: the owner is still signed in.
    expect((await page.request.get(`${origin}/api/auth/me`)).status()).toBe(200);
    await shot(page, 'takeover-lock-page-1280-dark');
    await page.getByRole('button', { name: 'Zablokuj konto' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Konto zablokowane' })).toBeVisible();
    await expect(
      page.getByRole('status').filter({ hasText: 'Konto jest zablokowane' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ustaw nowe hasło' })).toBeVisible();
    await shot(page, 'takeover-lock-done-1280-dark');
    await expectNoAxeViolations(page, 'lock done');
    expect((await page.request.get(`${origin}/api/auth/me`)).status()).toBe(401);
  });

  await test.step('the link works once', async () => {
    await page.goto(`${origin}${lockLink.pathname}${lockLink.search}`);
    await page.getByRole('button', { name: 'Zablokuj konto' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'został już użyty albo wygasł' }),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nie pamiętasz hasła?' })).toBeVisible();
  });

  await test.step('the thief’s session is gone, and the thief’s browser says so', async () => {
    // Without a click: the lock closes the session's live streams (here the unread count's),
    // so the open page learns at once. A click, if the page had not yet, finds out too.
    const expired = thief.getByRole('alert').filter({ hasText: SESSION_EXPIRED });
    const addPasskey = thief.getByRole('button', { name: 'Dodaj klucz dostępu' });
    await expect(expired.or(addPasskey).first()).toBeVisible();
    if (await addPasskey.isVisible()) await addPasskey.click().catch(() => {});
    await expect(expired).toBeVisible();
    await viewShot(thief, 'takeover-session-expired-360-dark');
    expect((await thief.request.get(`${origin}/api/auth/me`)).status()).toBe(401);
    // The profile needs a session: the thief is on the sign-in page, with the notice at the bottom.
    await expect(thief).toHaveURL(/\/login$/);
    await thiefContext.close();
  });

  await test.step('the password no longer signs in until a reset by e-mail', async () => {
    await passwordLogin(page, victim.username, NEW_PASSWORD);
    await expect(
      page
        .getByRole('alert')
        .filter({ hasText: 'Konto zostało zablokowane po zgłoszeniu „To nie ja”.' }),
    ).toContainText('Ustaw nowe hasło, aby się zalogować.');
    await shot(page, 'takeover-login-locked-1280-dark');
    await page.getByRole('link', { name: 'Ustaw nowe hasło przez e-mail' }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    const requestedAt = Date.now() - 1000;
    await page.getByLabel('Email').fill(victim.email);
    await page.getByRole('button', { name: 'Wyślij link' }).click();
    await expect(page).toHaveURL(/\/forgot-password\/sent$/);
    const reset = new URL(
      await fromMail(victim.email, /https?:\/\/\S+\/reset-password\?token=[^\s"<>]+/, requestedAt),
    );
    await page.goto(`${origin}${reset.pathname}${reset.search}`);
    await page.getByLabel('Nowe hasło', { exact: true }).fill(RESET_PASSWORD);
    await page.getByLabel('Powtórz nowe hasło').fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'Ustaw nowe hasło' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'konto jest odblokowane' }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await passwordLogin(page, victim.username, RESET_PASSWORD);
    await expect(page).toHaveURL(/\/contact/, { timeout: 30_000 });
  });
});

test('the owner adds a passkey after confirming the password once the confirmation lapsed', async ({
  page,
}) => {
  await acceptCookies(page);
  const device = await virtualAuthenticator(page);
  const owner = await register(page);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto(`${origin}/profile`);
  await expect(page.getByRole('heading', { name: 'Klucze dostępu' })).toBeVisible({
    timeout: 30_000,
  });
  await waitOutConfirmation(owner.signedInAt);

  await page.getByLabel('Nazwa nowego klucza').fill('Telefon właściciela');
  await page.getByRole('button', { name: 'Dodaj klucz dostępu' }).click();
  const dialog = page.getByRole('dialog', { name: 'Potwierdź hasło' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Hasło')).toBeFocused();
  // Nothing sticks out of the dialog at 360 px.
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  await viewShot(page, 'takeover-owner-reauth-360-dark');
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');

  // The dialog closes and the ceremony runs again by itself: new options, the device's prompt.
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Dodano klucz dostępu' })).toBeVisible({
    timeout: 30_000,
  });
  const list = page.getByRole('list', { name: 'Twoje klucze dostępu' });
  await expect(list.getByText('Telefon właściciela')).toBeVisible();
  expect(await credentials(device.cdp, device.authenticatorId)).toHaveLength(1);
  await expect(page.getByTestId('profile-second-factors')).toHaveText('Włączona: 1 klucz dostępu');

  // Within the window the next change needs no second confirmation.
  await page.getByRole('button', { name: 'Usuń klucz Telefon właściciela' }).click();
  await page.getByRole('button', { name: 'Usuń klucz', exact: true }).click();
  await expect(page.getByText('Nie masz jeszcze kluczy dostępu.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
