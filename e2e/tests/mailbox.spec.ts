import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { ensureAdmin, originHeaders, registerViaApi } from '../accounts';
import { acceptCookies, expect, shot, THEMES, test, unique } from '../fixtures';
import { connectImap } from '../mail-reply';

/*
 * „Skrzynka” end to end (issue 29, DESIGN.md §7.1): mails from strangers are
 * APPENDed to the private Dovecot that e2e/run.mjs starts; the server sets
 * them aside in `Kontakt/Nieprzypisane`, and an admin handles them in the
 * browser: the count in the workspace header goes up live, and each mail is
 * turned into a ticket, attached to an existing one, or moved to the trash.
 * The folder is shared by the whole run (other specs may set mails aside
 * too), so every check names this spec's own mails by their unique subjects.
 */

const IMAP_URL = process.env.E2E_IMAP_URL ?? '';

test.skip(!IMAP_URL, 'needs the Dovecot that e2e/run.mjs starts (E2E_IMAP_URL is empty)');
test.describe.configure({ mode: 'default', timeout: 180_000 });

/** How long the watcher may take from the APPEND to the mail in the Skrzynka. */
const SET_ASIDE_TIMEOUT = 60_000;

interface StrangerMail {
  /** A word no other mail or message of the run has. */
  id: string;
  subject: string;
  text: string;
  from: string;
}

function strangerMail(label: string): StrangerMail {
  const id = unique(label);
  return {
    id,
    subject: `${label} ${id}`,
    text: `Dzień dobry, piszę w sprawie ${id}. Zażółć gęślą jaźń.`,
    from: `${id}@obcy.example.test`,
  };
}

/** The mail as a mail program sends it: a new message, no reference to any of ours. */
function rfc822({ subject, text, from }: StrangerMail): string {
  return [
    `From: Nieznajomy Nadawca <${from}>`,
    'To: kontakt@studio.test',
    `Subject: ${subject}`,
    `Message-ID: <${unique('m')}@obcy.example.test>`,
    `Date: ${new Date().toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    text,
    '',
  ].join('\r\n');
}

async function appendToInbox(mails: readonly StrangerMail[]) {
  const imap = await connectImap(IMAP_URL);
  try {
    for (const mail of mails) await imap.append('INBOX', rfc822(mail));
  } finally {
    await imap.logout().catch(() => {});
  }
}

interface ListedMail {
  id: string;
  subject: string;
  reason: string;
}

async function listedMails(request: APIRequestContext): Promise<ListedMail[]> {
  const answer = await request.get('/api/admin/mailbox');
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { mails: ListedMail[] }).mails;
}

/** Waits until the watcher has set the mail aside and „Skrzynka” lists it. */
async function untilListed(request: APIRequestContext, mail: StrangerMail) {
  await expect
    .poll(async () => (await listedMails(request)).some((m) => m.subject === mail.subject), {
      timeout: SET_ASIDE_TIMEOUT,
    })
    .toBe(true);
}

async function adminContext(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  await ensureAdmin(context.request);
  const page = await context.newPage();
  await acceptCookies(page);
  return { context, page };
}

/** A customer with an open ticket whose first message holds a word nothing else has. */
async function customerTicket(browser: Browser) {
  const context = await browser.newContext();
  const id = unique('skrz');
  const account = { username: id, email: `${id}@example.test`, password: 'Zielony-Kot-42' };
  expect((await registerViaApi(context.request, account)).status()).toBeLessThan(300);
  const word = unique('zamowienie');
  const created = await context.request.post('/api/tickets', {
    headers: originHeaders(),
    data: { body: `Pytanie o ${word}: kiedy wysyłka?` },
  });
  expect(created.status()).toBe(201);
  const ticketId = ((await created.json()) as { id: number }).id;
  return { context, ticketId, word };
}

/** The count the header's link gives screen readers („Skrzynka, 3 maile”); 0 without a badge. */
async function headerCount(link: Locator): Promise<number> {
  const match = (await link.getAttribute('aria-label'))?.match(/(\d+)/);
  return match ? Number(match[1]) : 0;
}

/** axe finds nothing on the page in either theme; a screenshot of each goes to e2e/screenshots. */
async function checkBothThemes(page: Page, name: string, ready: (page: Page) => Promise<void>) {
  for (const theme of THEMES) {
    await page.evaluate((value) => localStorage.setItem('theme', value), theme);
    await page.reload();
    await ready(page);
    const results = await new AxeBuilder({ page }).analyze();
    expect(
      results.violations.map((v) => ({
        id: v.id,
        help: v.help,
        nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      })),
    ).toEqual([]);
    await shot(page, `${name}-${page.viewportSize()?.width ?? 0}-${theme}`);
  }
}

const mailRow = (page: Page, mail: StrangerMail) =>
  page.getByTestId('mailbox-mail').filter({ hasText: mail.subject });

test('an admin sees strangers’ mails arrive live and opens a ticket, attaches one and trashes one', async ({
  browser,
}) => {
  const customer = await customerTicket(browser);
  const { context, page } = await adminContext(browser);
  const [toOpen, toAttach, toTrash] = [
    strangerMail('Otworz'),
    strangerMail('Dolacz'),
    strangerMail('Kosz'),
  ] as const;

  await page.goto('/contact');
  const link = page.getByRole('link', { name: /^Skrzynka/ });
  await expect(link).toBeVisible();
  // The page is never reloaded: this mark would be gone.
  await page.evaluate(() => {
    (window as unknown as { stillHere: boolean }).stillHere = true;
  });
  const before = await headerCount(link);

  await appendToInbox([toOpen, toAttach, toTrash]);
  // The count follows the folder over the stream, without a reload.
  await expect
    .poll(() => headerCount(link), { timeout: SET_ASIDE_TIMEOUT })
    .toBeGreaterThanOrEqual(before + 3);
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(
    true,
  );
  await expect(link).toHaveAccessibleName(/^Skrzynka, \d+ mail(e|i)?$/);

  await link.click();
  await expect(page).toHaveURL(/\/contact\/mailbox$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Skrzynka' })).toBeVisible();
  for (const mail of [toOpen, toAttach, toTrash]) {
    const row = mailRow(page, mail);
    await expect(row).toBeVisible();
    await expect(row).toContainText(mail.from);
    await expect(row).toContainText('Nadawca nie ma konta');
  }

  // „Otwórz zgłoszenie”: a ticket for the sender, with the mail's text, opened in the workspace.
  await mailRow(page, toOpen).getByRole('button', { name: 'Otwórz zgłoszenie' }).click();
  await expect(page).toHaveURL(/\/contact\?ticket=\d+$/);
  await expect(page.getByTestId('message').filter({ hasText: toOpen.text })).toBeVisible();
  const opened = Number(new URL(page.url()).searchParams.get('ticket'));
  const ticket = await context.request.get(`/api/tickets/${opened}`);
  expect(ticket.status()).toBe(200);

  // „Dołącz do zgłoszenia”: the picker finds the customer's ticket by a word of its message.
  await page.getByRole('link', { name: /^Skrzynka/ }).click();
  await expect(mailRow(page, toAttach)).toBeVisible();
  await expect(mailRow(page, toOpen)).toHaveCount(0);
  await mailRow(page, toAttach).getByRole('button', { name: 'Dołącz do zgłoszenia' }).click();
  const picker = page.getByRole('dialog', { name: 'Dołącz mail do zgłoszenia' });
  const search = picker.getByRole('combobox', { name: 'Szukaj zgłoszenia' });
  await expect(search).toBeFocused();
  await search.fill(customer.word);
  await expect(picker.getByRole('option')).toHaveCount(1);
  await search.press('Enter');
  await expect(picker.getByRole('option')).toHaveAttribute('aria-selected', 'true');
  await picker.getByRole('button', { name: /^Dołącz do #\d+$/ }).click();
  await expect(page.getByText(/^Mail dołączono do zgłoszenia #\d+\.$/)).toBeVisible();
  await expect(picker).toHaveCount(0);
  await expect(mailRow(page, toAttach)).toHaveCount(0);
  const thread = await customer.context.request.get(
    `/api/tickets/${customer.ticketId}/messages?mark_read=false`,
  );
  expect(await thread.text()).toContain(toAttach.id);

  // „Do kosza”, after the confirmation.
  await mailRow(page, toTrash).getByRole('button', { name: 'Do kosza' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Przenieść mail do kosza?' });
  await expect(confirm.getByRole('button', { name: 'Anuluj' })).toBeFocused();
  await confirm.getByRole('button', { name: 'Do kosza' }).click();
  await expect(page.getByText('Mail przeniesiono do kosza skrzynki pocztowej.')).toBeVisible();
  await expect(mailRow(page, toTrash)).toHaveCount(0);

  const left = (await listedMails(context.request)).map((m) => m.subject);
  for (const mail of [toOpen, toAttach, toTrash]) expect(left).not.toContain(mail.subject);

  await customer.context.close();
  await context.close();
});

test('the Skrzynka, its picker and its confirmation pass axe in both themes', async ({
  browser,
}) => {
  // Each theme is a reload and a full axe pass per state: slow on a busy two-core machine.
  test.setTimeout(300_000);
  await customerTicket(browser);
  const { context, page } = await adminContext(browser);
  const mail = strangerMail('Axe');
  await appendToInbox([mail]);
  await untilListed(context.request, mail);
  await page.goto('/contact/mailbox');
  await checkBothThemes(page, 'mailbox-list', async (p) => {
    await expect(mailRow(p, mail)).toBeVisible();
  });
  await checkBothThemes(page, 'mailbox-attach-dialog', async (p) => {
    await mailRow(p, mail).getByRole('button', { name: 'Dołącz do zgłoszenia' }).click();
    await expect(p.getByRole('option').first()).toBeVisible();
  });
  await checkBothThemes(page, 'mailbox-trash-dialog', async (p) => {
    await mailRow(p, mail).getByRole('button', { name: 'Do kosza' }).click();
    await expect(p.getByRole('alertdialog')).toBeVisible();
  });
  // Left tidy for the rest of the run: the mail goes to the trash.
  const id = (await listedMails(context.request)).find((m) => m.subject === mail.subject)?.id;
  const trashed = await context.request.delete(`/api/admin/mailbox/${id}`, {
    headers: originHeaders(),
  });
  expect(trashed.status()).toBe(204);
  await context.close();
});

test('on a 360 px phone the list stacks and every action stays reachable', async ({ browser }) => {
  const { context, page } = await adminContext(browser, { width: 360, height: 780 });
  const mail = strangerMail('Telefon');
  await appendToInbox([mail]);
  await untilListed(context.request, mail);

  await page.goto('/contact');
  // On a phone the workspace's links wait behind „Menu” (issue 31).
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('link', { name: /^Skrzynka, \d+/ })).toBeInViewport();
  await page.getByRole('link', { name: /^Skrzynka/ }).click();
  const row = mailRow(page, mail);
  await expect(row).toBeVisible();
  await checkBothThemes(page, 'mailbox-list', async (p) => {
    await expect(mailRow(p, mail)).toBeVisible();
  });
  // Nothing sticks out sideways: the page does not scroll horizontally.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  for (const name of ['Otwórz zgłoszenie', 'Dołącz do zgłoszenia', 'Do kosza']) {
    const button = row.getByRole('button', { name });
    await button.scrollIntoViewIfNeeded();
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 360 && box.height >= 44).toBe(true);
  }

  // The keyboard reaches the trash button and the confirmation.
  await row.getByRole('button', { name: 'Do kosza' }).focus();
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('alertdialog');
  await expect(confirm.getByRole('button', { name: 'Anuluj' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Do kosza' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(row).toHaveCount(0);
  await context.close();
});
