import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { acceptCookies, expect, mailsTo, readCode, test, unique } from '../fixtures';
import {
  connectImap,
  type Outbox,
  openCustomerTicket,
  replyMail,
  STAFF_ANSWER,
  timeReply,
} from '../mail-reply';

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
const outbox: Outbox = { readCode, mailsTo };

async function staffWithCustomerTicket(browser: Browser) {
  const customer = await browser.newContext();
  const id = unique('mail');
  const account = { username: id, email: `${id}@example.test`, password: 'Zielony-Kot-42' };
  const staff = await browser.newContext();
  const page = await staff.newPage();
  await acceptCookies(page);
  const { ticketId, notification } = await openCustomerTicket({
    customerRequest: customer.request,
    customer: account,
    staffRequest: staff.request,
    staff: ADMIN,
    page,
    outbox,
    origin: BASE_URL,
  });
  await expect(page.getByTestId('message').filter({ hasText: STAFF_ANSWER })).toBeVisible();
  return { customer, staff, page, account, ticketId, notification };
}

test('a reply by e-mail shows up live in the open thread', async ({ browser }) => {
  const { page, customer, staff, account, ticketId, notification } =
    await staffWithCustomerTicket(browser);
  const text = 'Dziękuję, dotarła! Zażółć gęślą jaźń 🎉';
  if (IMAP_URL) {
    const imap = await connectImap(IMAP_URL);
    try {
      await imap.append(
        'INBOX',
        replyMail(account.email, notification.messageId, notification.subject, text),
      );
      const thread = page.getByTestId('message');
      await expect(thread.filter({ hasText: text })).toBeVisible({ timeout: 60_000 });
      await expect(thread.filter({ hasText: 'pisze:' })).toHaveCount(0);
      // Time from APPEND to the message on screen, the median of RUNS replies
      // (bench/mail-latency.mjs times 50 the same way: `npm run bench mail-latency`).
      const times: number[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const body = `Pomiar ${run}: ${unique('t')}`;
        const timing = await timeReply({
          imap,
          page,
          ticketId,
          from: account.email,
          notification,
          text: body,
        });
        await expect(thread.filter({ hasText: body })).toBeVisible();
        times.push(timing.shownMs);
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
