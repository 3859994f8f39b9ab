import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser } from '@playwright/test';
import { ImapFlow } from 'imapflow';
import { acceptCookies, expect, mailsTo, readCode, test, unique } from '../fixtures';

/*
 * The e-mail channel end to end: staff have a ticket open in the browser, the
 * customer answers the notification e-mail, and the answer appears in the
 * thread live. With Dovecot installed (e2e/run.mjs starts one) the answer is
 * APPENDed to the watched mailbox; otherwise it goes through the dev outbox's
 * „Odpowiedz” form, which feeds the same inbound code.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? '';
const IMAP_URL = process.env.E2E_IMAP_URL ?? '';
// Its own staff account (ADMIN_EMAILS in run.mjs): other specs spend admin@studio.test's message budget.
const ADMIN = {
  email: 'mail-admin@studio.test',
  password: 'Admin-Kontakt-2026',
  username: 'mailadmin',
};
const RUNS = 20;

test.describe.configure({ mode: 'default', timeout: 240_000 });

const withOrigin = { Origin: BASE_URL };

/** Signs in, or registers with the e-mailed code when the account does not exist yet. */
async function signIn(
  request: APIRequestContext,
  who: { email: string; password: string; username: string },
) {
  const login = await request.post('/api/auth/login', {
    headers: withOrigin,
    data: { identifier: who.email, password: who.password, rememberMe: false },
  });
  if (login.ok()) return;
  const started = await request.post('/api/auth/register', { headers: withOrigin, data: who });
  expect(started.status(), await started.text()).toBeLessThan(300);
  const done = await request.post('/api/auth/verify-email', {
    headers: withOrigin,
    data: { ...who, code: await readCode(who.email) },
  });
  if (!done.ok()) await signIn(request, who); // registered meanwhile by another spec
}

async function staffWithCustomerTicket(browser: Browser) {
  const customer = await browser.newContext();
  const id = unique('mail');
  const account = { username: id, email: `${id}@example.test`, password: 'Zielony-Kot-42' };
  await signIn(customer.request, account);
  const created = await customer.request.post('/api/tickets', {
    headers: withOrigin,
    data: { body: 'Czy moja faktura jest gotowa?' },
  });
  expect(created.status()).toBe(201);
  const ticketId = ((await created.json()) as { id: number }).id;
  const staff = await browser.newContext();
  await signIn(staff.request, ADMIN);
  const answered = await staff.request.post(`/api/tickets/${ticketId}/messages`, {
    headers: withOrigin,
    data: { body: 'Tak, wysłaliśmy ją dziś rano.' },
  });
  expect(answered.status()).toBeLessThan(300);
  // NOTIFY_DELAY_SECONDS is 1 in the browser suite: the e-mail follows shortly.
  await expect
    .poll(async () => (await mailsTo(account.email)).find((m) => m.messageId), { timeout: 30_000 })
    .toBeTruthy();
  const [notification] = (await mailsTo(account.email)).filter((m) => m.messageId);
  const page = await staff.newPage();
  await acceptCookies(page);
  await page.goto(`/contact?ticket=${ticketId}`);
  await expect(page.getByTestId('message').filter({ hasText: 'Tak, wysłaliśmy' })).toBeVisible();
  return {
    customer,
    staff,
    page,
    account,
    notification: notification as { id: string; messageId: string; subject: string },
  };
}

/** A reply as a mail program writes it: the answer, then the quoted e-mail. */
function replyMail(from: string, inReplyTo: string, subject: string, text: string): string {
  const id = `<reply.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test>`;
  return [
    `From: Klient <${from}>`,
    'To: kontakt@studio.test',
    `Subject: Re: ${subject}`,
    `Message-ID: ${id}`,
    `In-Reply-To: ${inReplyTo}`,
    `References: ${inReplyTo}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    text,
    '',
    'W dniu 25.11.2026 o 10:00, Studio <kontakt@studio.test> pisze:',
    '> Tak, wysłaliśmy ją dziś rano.',
    '',
  ].join('\r\n');
}

test('a reply by e-mail shows up live in the open thread', async ({ browser }) => {
  const { page, customer, staff, account, notification } = await staffWithCustomerTicket(browser);
  const text = 'Dziękuję, dotarła! Zażółć gęślą jaźń 🎉';
  if (IMAP_URL) {
    const url = new URL(IMAP_URL);
    const imap = new ImapFlow({
      host: url.hostname,
      port: Number(url.port),
      secure: false,
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
    });
    await imap.connect();
    try {
      await imap.append(
        'INBOX',
        replyMail(account.email, notification.messageId, notification.subject, text),
      );
      const thread = page.getByTestId('message');
      await expect(thread.filter({ hasText: text })).toBeVisible({ timeout: 60_000 });
      await expect(thread.filter({ hasText: 'pisze:' })).toHaveCount(0);
      // Time from APPEND to the message on screen, the median of RUNS replies.
      const times: number[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const body = `Pomiar ${run}: ${unique('t')}`;
        const started = performance.now();
        await imap.append(
          'INBOX',
          replyMail(account.email, notification.messageId, notification.subject, body),
        );
        await expect(thread.filter({ hasText: body })).toBeVisible({ timeout: 60_000 });
        times.push(performance.now() - started);
      }
      times.sort((a, b) => a - b);
      const at = (i: number) => times[i] ?? Number.NaN;
      const median = (at(RUNS / 2 - 1) + at(RUNS / 2)) / 2;
      const result = {
        runs: RUNS,
        median_ms: Math.round(median),
        min_ms: Math.round(at(0)),
        max_ms: Math.round(at(RUNS - 1)),
      };
      console.log(`APPEND → message in the open thread: ${JSON.stringify(result)}`);
      const out = process.env.E2E_OUTPUT_DIR;
      if (out)
        fs.writeFileSync(
          path.join(out, '..', 'email-reply-latency.json'),
          `${JSON.stringify(result, null, 2)}\n`,
        );
    } finally {
      await imap.logout().catch(() => {});
    }
  } else {
    // No Dovecot here: the dev outbox's „Odpowiedz” runs the same inbound code.
    const answered = await customer.request.post('/dev/outbox/answer', {
      headers: withOrigin,
      form: { id: notification.id, from: account.email, body: text },
      maxRedirects: 0,
    });
    expect(answered.status()).toBe(303);
    await expect(page.getByTestId('message').filter({ hasText: text })).toBeVisible();
  }
  await customer.close();
  await staff.close();
});
