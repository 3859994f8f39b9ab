import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  acceptCookies,
  expect,
  readCode,
  SHOT_WIDTHS,
  shot,
  THEMES,
  type Theme,
  test,
  unique,
} from '../fixtures';
import { makePng } from '../png';
import { setTheme } from '../themed-shots';

/*
 * The user's own data on /profile (docs/decisions/006-account-data.md)
 * against the real server: 'Pobierz moje dane', confirmed with the password, downloads the ZIP the server
 * builds from real tickets and files, and 'Usuń konto' deletes the account
 * with the code from the dev outbox.
 */

const PASSWORD = 'Zielony-Kot-42';
const BASE_URL = process.env.E2E_BASE_URL ?? '';

// Registration, a ticket upload and a ZIP on a shared two-core machine.
test.describe.configure({ timeout: 120_000 });

interface Account {
  username: string;
  email: string;
  password: string;
}

function newAccount(): Account {
  const id = unique('dane');
  return { username: id, email: `${id}@example.test`, password: PASSWORD };
}

// ---------------------------------------------------------------- helpers

/** State-changing calls must come from our origin (CSRF check), as the browser's would. */
const originHeaders = () => ({ Origin: BASE_URL });

/** Registers through the API with the e-mailed code; the page's context ends up logged in. */
async function registerViaApi(request: APIRequestContext, account: Account) {
  const registered = await request.post('/api/auth/register', {
    headers: originHeaders(),
    data: { username: account.username, email: account.email, password: account.password },
  });
  expect(registered.status(), await registered.text()).toBeLessThan(300);
  const verified = await request.post('/api/auth/verify-email', {
    headers: originHeaders(),
    data: { ...account, code: await readCode(account.email) },
  });
  expect(verified.status(), await verified.text()).toBe(200);
}

/** Opens /profile at the account-data sections. */
async function openProfile(page: Page) {
  await page.goto('/profile');
  await expect(page.getByTestId('profile-username')).toBeVisible({ timeout: 30_000 });
}

async function openDeleteDialog(page: Page) {
  await page.getByRole('button', { name: 'Usuń konto', exact: true }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Usunąć konto na zawsze?' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** axe finds no violations on the page as it is now. */
async function expectNoAxeViolations(page: Page, theme: Theme) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map((v) => ({
    theme,
    id: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
  }));
  expect(summary).toEqual([]);
}

/**
 * The page as it is now (an open dialog would not survive a reload) at both
 * widths in both themes, named <name>-<width>-<theme>.png, with axe per theme.
 * `asTallWindow` sizes the window to the whole page first: a full-page capture
 * keeps fixed layers (the dialog's backdrop) at the window's size, so an open
 * dialog is shown as in a window tall enough for the page.
 */
async function shootHere(page: Page, name: string, { asTallWindow = false } = {}) {
  for (const theme of THEMES) {
    for (const width of SHOT_WIDTHS) {
      await page.setViewportSize({ width, height: width > 800 ? 800 : 844 });
      await setTheme(page, theme);
      // From the top, as the other screenshots (the fixed header in its place).
      await page.evaluate(() => window.scrollTo(0, 0));
      if (asTallWindow) {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        await page.setViewportSize({ width, height });
      }
      await shot(page, `${name}-${width}-${theme}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await expectNoAxeViolations(page, theme);
  }
}

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

// ---------------------------------------------------------------- tests

test('a user downloads their data as a ZIP, deletes the account with the e-mailed code and can no longer log in', async ({
  page,
}) => {
  const account = newAccount();
  await registerViaApi(page.request, account);

  // A ticket with an image, through the same API the Kontakt screen uses.
  const png = makePng(48, 32, [22, 163, 74]);
  const body = 'Proszę o kopię faktury za październik.';
  const created = await page.request.post('/api/tickets', {
    headers: originHeaders(),
    multipart: { body, images: { name: 'faktura.png', mimeType: 'image/png', buffer: png } },
  });
  expect(created.status(), await created.text()).toBe(201);

  await openProfile(page);
  await expect(page.getByText(/konto\.json/)).toContainText('zgloszenia.json');
  const exportButton = page.getByRole('button', { name: 'Pobierz moje dane' });
  // The export is confirmed with the account's password (DESIGN.md §7.3); a wrong one is refused.
  const exportPassword = page
    .getByLabel('Hasło', { exact: true })
    .and(page.locator('input[type="password"]'));
  await exportPassword.fill('Niepoprawne-Haslo-1');
  await exportButton.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Niepoprawne hasło' })).toBeVisible();
  await exportPassword.fill(account.password);
  const downloading = page.waitForEvent('download');
  await exportButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^moje-dane-\d{4}-\d{2}-\d{2}\.zip$/);
  await expect(page.getByRole('status').filter({ hasText: 'Pobrano plik' })).toContainText(
    download.suggestedFilename(),
  );
  await expect(exportButton).toBeEnabled();

  const files = unzipSync(new Uint8Array(await fs.readFile(await download.path())));
  const names = Object.keys(files);
  expect(names).toEqual(
    expect.arrayContaining([
      'CZYTAJ-TO.txt',
      'konto.json',
      'zgloszenia.json',
      'dziennik-bezpieczenstwa.json',
    ]),
  );
  const entry = (name: string) => {
    const bytes = files[name];
    if (!bytes) throw new Error(`${name} is missing from the ZIP (${names.join(', ')})`);
    return bytes;
  };
  expect(JSON.parse(strFromU8(entry('konto.json')))).toMatchObject({
    username: account.username,
    email: account.email,
    is_admin: false,
  });
  const tickets = JSON.parse(strFromU8(entry('zgloszenia.json'))) as Array<{
    seq: number;
    status: string;
    messages: Array<{
      body: string;
      is_mine: boolean;
      files: Array<{
        id: string;
        filename: string;
        mimetype: string;
        size: number;
        path: string | null;
      }>;
    }>;
  }>;
  expect(tickets).toHaveLength(1);
  const [message] = tickets[0]?.messages ?? [];
  expect(message).toMatchObject({ body, is_mine: true });
  const [file] = message?.files ?? [];
  expect(file).toMatchObject({
    id: expect.any(String),
    filename: 'faktura.png',
    mimetype: 'image/png',
  });
  expect(file?.path).toMatch(/^zalaczniki\/\d+\/[0-9a-f]+-faktura\.png$/);
  // The server stores images re-encoded (metadata stripped): the ZIP holds exactly what it serves.
  const image = Buffer.from(entry(file?.path ?? ''));
  expect(image.length).toBe(file?.size);
  expect(image.subarray(0, 8)).toEqual(png.subarray(0, 8));
  expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([48, 32]);
  const served = await page.request.get(`/api/files/${file?.id}`);
  expect(served.status()).toBe(200);
  expect(image).toEqual(await served.body());

  // 'Usuń konto': the code from the outbox confirms it.
  const dialog = await openDeleteDialog(page);
  await expect(dialog).toContainText('wszystkie Twoje zgłoszenia, wiadomości i pliki');
  await dialog.getByRole('button', { name: 'Wyślij kod' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Wysłaliśmy kod na email');
  const codeField = dialog.getByLabel('Kod z e-maila');
  await expect(codeField).toBeFocused();
  await codeField.fill(await readCode(account.email));
  await dialog.getByRole('button', { name: 'Usuń konto na zawsze' }).click();

  await expect(page).toHaveURL(`${BASE_URL}/`);
  await expect(page.getByText('Konto zostało usunięte')).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  await page.goto('/login');
  await page.getByLabel('Nazwa użytkownika lub email').fill(account.email);
  await page.getByLabel('Hasło', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Zaloguj się', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Niepoprawny' })).toHaveText(
    'Niepoprawny email lub hasło',
  );
  await expect(page).toHaveURL(/\/login$/);
});

test('the deletion dialog: keyboard, a wrong code, Escape', async ({ page }) => {
  const account = newAccount();
  await registerViaApi(page.request, account);
  await openProfile(page);

  const opener = page.getByRole('button', { name: 'Usuń konto', exact: true });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: 'Usunąć konto na zawsze?' });
  await expect(dialog.getByRole('button', { name: 'Anuluj' })).toBeFocused();
  // Tab stays inside the dialog.
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Wyślij kod' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Anuluj' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Wyślij kod' }).click();
  const codeField = dialog.getByLabel('Kod z e-maila');
  await expect(codeField).toBeFocused();
  const code = await readCode(account.email);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.keyboard.type(wrong);
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toHaveText('Niepoprawny kod');
  await expect(codeField).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect((await page.request.get('/api/auth/me')).status()).toBe(200);
});

test('screenshots and axe: the data sections, and the dialog at both steps', async ({ page }) => {
  test.setTimeout(240_000);
  const account = newAccount();
  await registerViaApi(page.request, account);
  await openProfile(page);

  await expect(page.getByRole('heading', { name: 'Twoje dane' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Usuwanie konta' })).toBeVisible();
  await shootHere(page, 'profile-account-data');

  const dialog = await openDeleteDialog(page);
  await shootHere(page, 'profile-delete-dialog', { asTallWindow: true });

  await dialog.getByRole('button', { name: 'Wyślij kod' }).click();
  await expect(dialog.getByLabel('Kod z e-maila')).toBeFocused();
  await dialog.getByRole('button', { name: 'Usuń konto na zawsze' }).click();
  await expect(dialog.getByText('To pole jest wymagane')).toBeVisible();
  await shootHere(page, 'profile-delete-dialog-code', { asTallWindow: true });
});
