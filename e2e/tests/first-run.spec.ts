import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type Dovecot, startDovecot } from '../../apps/server/test/dovecot';
import { acceptCookies, expect, type Page, shot, test, unique } from '../fixtures';
import { type LocalhostServer, startLocalhostServer } from '../localhost-server';

/*
 * „Pierwsze kroki” end to end (issue 32): a fresh installation on servers of
 * this spec's own, one DATA_DIR throughout. First without the studio's
 * details or a mailbox, as `npm start` runs out of the box: the admin sees the
 * checklist in the workspace, opens „Stan systemu” and sends the test mail
 * with the keyboard. Then the server is restarted as an operator would after
 * editing its environment — STUDIO_* and a mailbox (a private Dovecot) — and
 * the steps turn done. The backup step needs the `backup` check of the
 * scheduled-backups work; until that is in the status answer, the last test
 * says so and is skipped.
 */

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const STUDIO = {
  STUDIO_NAME: 'Pracownia Pierwszy Start sp. z o.o.',
  STUDIO_ADDRESS: 'ul. Długa 5, 31-147 Kraków',
  STUDIO_NIP: '526-025-09-95',
  STUDIO_REGON: '123456785',
  STUDIO_EMAIL: 'biuro@pierwszy-start.pl',
  STUDIO_PHONE: '+48 12 345 67 89',
};
const PASSWORD = 'Pierwszy-Start-2026';
const admin = { username: unique('szef'), email: '', password: PASSWORD };
admin.email = `${admin.username}@studio.test`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-first-run-'));
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-e2e-first-run-backups-'));
let server: LocalhostServer | undefined;
let dovecot: Dovecot | undefined;

/** One installation: the same DATA_DIR whatever the environment of this start. */
function start(env: Record<string, string> = {}) {
  return startLocalhostServer('first-run', {
    DATA_DIR: dataDir,
    ADMIN_EMAILS: admin.email,
    BACKUP_DIR: backupDir,
    // Set together or the server refuses to start; hour 0 makes a start back up at once.
    BACKUP_HOUR: '0',
    ...env,
  });
}

/** Stops the server and waits until its process let go of the DATA_DIR (its lock). */
async function stop() {
  server?.stop();
  server = undefined;
  const lock = path.join(dataDir, 'db.lock');
  const deadline = Date.now() + 30_000;
  while (fs.existsSync(lock) && Date.now() < deadline) {
    const pid = Number(fs.readFileSync(lock, 'utf8'));
    try {
      process.kill(pid, 0);
    } catch {
      break; // gone; the next start takes the stale lock over
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const origin = () => server?.origin ?? '';

async function post(page: Page, url: string, data: unknown) {
  const response = await page.request.post(`${origin()}${url}`, {
    headers: { Origin: origin() },
    data,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** The code of the registration mail, from this server's dev outbox. */
async function registrationCode(): Promise<string> {
  const outbox = path.join(dataDir, 'outbox');
  for (let i = 0; i < 100; i++) {
    const names = fs.existsSync(outbox) ? fs.readdirSync(outbox) : [];
    for (const name of names.filter((n) => n.endsWith('.json'))) {
      const mail = JSON.parse(fs.readFileSync(path.join(outbox, name), 'utf8'));
      const code = mail.to === admin.email ? mail.text.match(/^\s*(\d{6})\s*$/m)?.[1] : undefined;
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('no registration code');
}

function outboxSubjects(): string[] {
  const outbox = path.join(dataDir, 'outbox');
  return fs
    .readdirSync(outbox)
    .filter((n) => n.endsWith('.json'))
    .map((n) => JSON.parse(fs.readFileSync(path.join(outbox, n), 'utf8')))
    .filter((mail) => mail.to === admin.email)
    .map((mail) => mail.subject as string);
}

const checklist = (page: Page) => page.getByRole('region', { name: 'Pierwsze kroki' });
const step = (page: Page, id: string) => page.getByTestId(`first-run-${id}`);

test.beforeAll(async () => {
  dovecot = await startDovecot().catch(() => undefined);
});

test.afterAll(async () => {
  await stop();
  await dovecot?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(backupDir, { recursive: true, force: true });
});

test.beforeEach(async ({ page }) => {
  await acceptCookies(page);
});

test('out of the box: the admin sees the checklist and sends the test mail with the keyboard', async ({
  page,
}) => {
  server = await start();
  await post(page, '/api/auth/register', admin);
  await post(page, '/api/auth/verify-email', { ...admin, code: await registrationCode() });

  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto(`${origin()}/contact`);
  await expect(checklist(page)).toContainText('Zrobione 0 z 4');
  // Under the list on a phone, its arrival moves nothing already shown (issue 34: above
  // the list it pushed the whole desk down, a layout shift of 0.41).
  const shifted = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean };
        new PerformanceObserver((entries) =>
          resolve(
            (entries.getEntries() as Shift[])
              .filter((e) => !e.hadRecentInput)
              .reduce((sum, e) => sum + e.value, 0),
          ),
        ).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 500);
      }),
  );
  expect(shifted).toBeLessThanOrEqual(0.02);
  await expect(step(page, 'studio_details')).toContainText('Ustaw zmienne STUDIO_NAME');
  await checklist(page).getByRole('link', { name: 'Zobacz „Stan systemu”' }).click();

  await expect(page).toHaveURL(/\/contact\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stan systemu' })).toBeVisible();
  await expect(page.getByTestId('status-database')).toContainText('Działa');
  // Out of the box mail goes to the dev outbox, which is worth a word but is not a failure.
  await expect(page.getByTestId('status-mail_out')).toHaveAttribute('data-state', 'warn');
  const send = checklist(page).getByRole('button', { name: 'Wyślij e-mail próbny' });
  await send.focus();
  await page.keyboard.press('Enter');
  await expect(checklist(page).getByRole('status')).toHaveText(
    `Wysłano na ${admin.email}. Sprawdź, czy dotarł.`,
  );
  await expect(checklist(page)).toContainText('Zrobione 1 z 4');
  expect(outboxSubjects()).toContain('E-mail próbny z Kontaktu');
  // Nothing is cut off or scrolls sideways on a 360 px phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await shot(page, 'first-run-360');
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('after a restart with the studio details and a mailbox, those steps are done', async ({
  page,
}) => {
  test.skip(!dovecot, 'needs /usr/sbin/dovecot for the mailbox step');
  await stop();
  server = await start({
    ...STUDIO,
    IMAP_URL: dovecot?.url ?? '',
    MAIL_REPLY_TO: 'kontakt@studio.test',
  });
  await post(page, '/api/auth/login', {
    identifier: admin.email,
    password: PASSWORD,
    rememberMe: false,
  });
  await page.goto(`${origin()}/contact/status`);
  await expect(step(page, 'studio_details')).toContainText('Dane studia: zrobione');
  await expect(step(page, 'mail_out_tested')).toContainText('zrobione');
  // The watcher connects a moment after the start.
  await expect(async () => {
    await page.getByRole('button', { name: 'Sprawdź ponownie' }).click();
    await expect(page.getByTestId('status-mail_in')).toHaveAttribute('data-state', 'ok', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await page.reload();
  await expect(step(page, 'mailbox_connected')).toContainText('Skrzynka podłączona: zrobione');
  await expect(checklist(page)).toContainText('Zrobione 3 z 4');
  await expect(step(page, 'backup_made')).toContainText('do zrobienia');
});

test('a verified backup completes the checklist, which then leaves the workspace', async ({
  page,
}) => {
  test.skip(!server, 'the previous step did not run');
  await post(page, '/api/auth/login', {
    identifier: admin.email,
    password: PASSWORD,
    rememberMe: false,
  });
  const status = await (await page.request.get(`${origin()}/api/admin/status`)).json();
  const hasBackupLine = status.checks.some((c: { id: string }) => c.id === 'backup');
  test.skip(!hasBackupLine, 'the status answer has no `backup` line yet (scheduled backups)');
  // BACKUP_HOUR 0: the schedule's first check (once a minute) finds the day's backup due.
  test.setTimeout(240_000);
  await expect(async () => {
    await page.goto(`${origin()}/contact/status`);
    await expect(page.getByTestId('status-backup')).toHaveAttribute('data-state', 'ok', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 150_000 });
  await expect(checklist(page)).toHaveCount(0);
  await page.goto(`${origin()}/contact`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kontakt' })).toBeVisible();
  await expect(checklist(page)).toHaveCount(0);
});
