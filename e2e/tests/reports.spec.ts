import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { type Account, ensureAdmin, originHeaders, registerViaApi } from '../accounts';
import { acceptCookies, expect, shot, THEMES, test, unique } from '../fixtures';
import { setTheme } from '../themed-shots';

/*
 * „Raporty” (issue 31) against the real server: a staff member opens the
 * page from the workspace, switches between ready-made periods and a custom
 * range (kept in the address), reads the chart's table alternative and
 * downloads the CSV; after the session is gone the download saves nothing and
 * the page says why. Axe in both themes; nothing scrolls sideways at 360 px.
 */

test.describe.configure({ timeout: 180_000 });

/** The studio's today (Europe/Warsaw), and a day N days before it. */
const studioDay = (daysBack = 0) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Warsaw' }).format(
    new Date(Date.now() - daysBack * 86_400_000),
  );

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map((v) => ({
      id: v.id,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    })),
  ).toEqual([]);
}

test('staff read the report for 30 days and a custom range, see the table, download the CSV', async ({
  browser,
}) => {
  // A customer's ticket today, so the period is not empty.
  const customer = await browser.newContext();
  const id = unique('rp');
  const account: Account = {
    username: id,
    email: `${id}@example.test`,
    password: 'Zielony-Kot-42',
  };
  const verified = await registerViaApi(customer.request, account);
  expect(verified.ok(), await verified.text()).toBe(true);
  const created = await customer.request.post('/api/tickets', {
    headers: originHeaders(),
    data: { body: `Raport ${id}\n\nProszę o kontakt.` },
  });
  expect(created.status(), await created.text()).toBe(201);
  // A customer never gets the report.
  expect((await customer.request.get('/api/admin/stats.csv?days=7')).status()).toBe(403);
  await customer.close();

  const staff = await browser.newContext({ acceptDownloads: true });
  const page = await staff.newPage();
  await acceptCookies(page);
  await ensureAdmin(staff.request);

  await page.goto('/contact');
  // The workspace bar carries the link on a wide screen (below lg it is behind „Menu”).
  const reportsLink = page.getByRole('link', { name: 'Raporty', exact: true });
  await expect(reportsLink).toBeVisible({ timeout: 30_000 });
  await reportsLink.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Raporty' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page).toHaveURL(/\/contact\/stats$/);
  await expect(page.getByRole('radio', { name: '30 dni' })).toBeChecked();
  await expect(page.getByTestId('stat-created')).not.toHaveText('0');

  // Ready-made periods by keyboard: the radios move with the arrow keys.
  await page.getByRole('radio', { name: '30 dni' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\?days=7$/);
  // The address changes before React draws the choice: until then the radios still show
  // 30 days, and an arrow pressed meanwhile would land on an already checked radio.
  await expect(page.getByRole('radio', { name: '7 dni' })).toBeChecked();
  await expect(page.getByTestId('report-period')).toContainText('Okres:');
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\?days=30$/);
  await expect(page.getByRole('radio', { name: '30 dni' })).toBeChecked();

  // A custom range: an inverted one is refused in Polish, a good one goes to the address.
  await page.getByText('Własny zakres', { exact: true }).click();
  const range = page.getByRole('form', { name: 'Własny zakres' });
  await range.getByLabel('Od').fill(studioDay(0));
  await range.getByLabel('Do').fill(studioDay(3));
  await range.getByRole('button', { name: 'Pokaż' }).click();
  await expect(
    range.getByText('Data końcowa nie może być wcześniejsza niż początkowa.'),
  ).toBeVisible();
  await range.getByLabel('Od').fill(studioDay(2));
  await range.getByLabel('Do').fill(studioDay(0));
  await range.getByRole('button', { name: 'Pokaż' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?from=${studioDay(2)}&to=${studioDay(0)}$`));
  await expect(page.getByTestId('stat-created')).not.toHaveText('0');

  // The chart's table alternative.
  await page.getByText('Pokaż jako tabelę', { exact: true }).click();
  const table = page.getByRole('table', { name: 'Zgłoszenia utworzone i zamknięte dziennie' });
  await expect(table).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(page.getByRole('table', { name: 'Czasy odpowiedzi i rozwiązania' })).toBeVisible();

  // The CSV of the same period.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Pobierz CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`raport-${studioDay(2)}-${studioDay(0)}.csv`);
  const csv = await readFile((await download.path()) ?? '', 'utf8');
  expect(csv.startsWith('\uFEFFdata;utworzone;zamknięte\r\n')).toBe(true);
  const lines = csv.slice(1).split('\r\n');
  expect(lines.slice(1, 4).map((line) => line.split(';')[0])).toEqual([
    studioDay(2),
    studioDay(1),
    studioDay(0),
  ]);
  expect(lines[4]).toBe('');
  expect(lines[5]).toMatch(/^osoba;odpowiedzi;zamknięte;/);

  // Axe in both themes, wide and at 360 px, where nothing scrolls sideways.
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 800 });
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await shot(page, `reports-${width}-${theme}`);
      await axe(page);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
  }

  // The session is gone: the download saves nothing and the page says so.
  await staff.clearCookies();
  let saved = false;
  page.on('download', () => {
    saved = true;
  });
  await page.getByRole('button', { name: 'Pobierz CSV' }).click();
  await expect(page.getByText(/Twoja sesja wygasła/).first()).toBeVisible();
  expect(saved).toBe(false);
  await staff.close();
});
