import { ImapFlow } from 'imapflow';
import type { APIRequestContext, Page } from 'playwright-core';

/*
 * A customer answering a ticket e-mail while staff have the thread open: the
 * set-up, the reply mail and its timing, shared by e2e/tests/email-reply.spec.ts
 * (a few replies, in CI) and bench/mail-latency.mjs (50 replies, issue 29's
 * "Measured"). Only imapflow, Node's globals and playwright-core's types: the
 * bench loads this file through tsx, outside Playwright's test runner.
 */

export interface Account {
  email: string;
  password: string;
  username: string;
}

/** A ticket e-mail in the dev outbox: what a reply names in In-Reply-To. */
export interface TicketMail {
  id: string;
  messageId: string;
  subject: string;
}

/** The dev outbox (DATA_DIR/outbox), which the spec and the bench each read their own way. */
export interface Outbox {
  /** The 6-digit code of the next code e-mail to `email`. */
  readCode(email: string): Promise<string>;
  /** Every e-mail sent to `email` so far, newest first; ticket e-mails carry a messageId. */
  mailsTo(email: string): Promise<{ id: string; messageId?: string; subject: string }[]>;
}

export const STAFF_ANSWER = 'Tak, wysłaliśmy ją dziś rano.';

/** Signs in, or registers with the e-mailed code when the account does not exist yet. */
export async function signIn(
  request: APIRequestContext,
  who: Account,
  outbox: Outbox,
  origin: string,
): Promise<void> {
  const headers = { Origin: origin };
  const login = await request.post('/api/auth/login', {
    headers,
    data: { identifier: who.email, password: who.password, rememberMe: false },
  });
  if (login.ok()) return;
  const started = await request.post('/api/auth/register', { headers, data: who });
  if (started.status() >= 300) {
    throw new Error(`registering ${who.email}: ${started.status()} ${await started.text()}`);
  }
  const done = await request.post('/api/auth/verify-email', {
    headers,
    data: { ...who, code: await outbox.readCode(who.email) },
  });
  if (!done.ok()) await signIn(request, who, outbox, origin); // registered meanwhile by another spec
}

async function until<T>(what: string, timeoutMs: number, probe: () => Promise<T | undefined>) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not there after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * A customer's ticket answered by staff, the notification e-mail sent, and the
 * thread open on `page` (a staff member's page, signed in through
 * `staffRequest`, which shares its cookies). The server must send ticket
 * e-mails soon (NOTIFY_DELAY_SECONDS=1 in the browser suite and the bench).
 */
export async function openCustomerTicket({
  customerRequest,
  customer,
  staffRequest,
  staff,
  page,
  outbox,
  origin,
}: {
  customerRequest: APIRequestContext;
  customer: Account;
  staffRequest: APIRequestContext;
  staff: Account;
  page: Page;
  outbox: Outbox;
  origin: string;
}) {
  const headers = { Origin: origin };
  await signIn(customerRequest, customer, outbox, origin);
  const created = await customerRequest.post('/api/tickets', {
    headers,
    data: { body: 'Czy moja faktura jest gotowa?' },
  });
  if (created.status() !== 201) {
    throw new Error(`new ticket: ${created.status()} ${await created.text()}`);
  }
  const ticketId = ((await created.json()) as { id: number }).id;
  await signIn(staffRequest, staff, outbox, origin);
  const answered = await staffRequest.post(`/api/tickets/${ticketId}/messages`, {
    headers,
    data: { body: STAFF_ANSWER },
  });
  if (answered.status() >= 300) {
    throw new Error(`staff answer: ${answered.status()} ${await answered.text()}`);
  }
  const notification = await until('the notification e-mail', 30_000, async () => {
    const mail = (await outbox.mailsTo(customer.email)).find((m) => m.messageId);
    return mail?.messageId ? { ...mail, messageId: mail.messageId } : undefined;
  });
  await page.addInitScript({ content: RECORD_ARRIVALS });
  await page.goto(`/contact?ticket=${ticketId}`);
  await page
    .getByTestId('message')
    .filter({ hasText: STAFF_ANSWER })
    .waitFor({ state: 'visible', timeout: 30_000 });
  return { ticketId, notification: notification as TicketMail };
}

/** A reply as a mail program writes it: the answer, then the quoted e-mail. */
export function replyMail(from: string, inReplyTo: string, subject: string, text: string): string {
  const id = `<reply.${Date.now()}.${Math.random().toString(36).slice(2)}@example.test>`;
  return [
    `From: Klient <${from}>`,
    'To: kontakt@studio.test',
    `Subject: Re: ${subject}`,
    `Date: ${new Date().toUTCString().replace('GMT', '+0000')}`,
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
    `> ${STAFF_ANSWER}`,
    '',
  ].join('\r\n');
}

/** A client of the watched mailbox (IMAP_URL), as the customer's mail server delivers into it. */
export async function connectImap(imapUrl: string): Promise<ImapFlow> {
  const url = new URL(imapUrl);
  const imap = new ImapFlow({
    host: url.hostname,
    port: Number(url.port),
    secure: false,
    auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
    logger: false,
  });
  await imap.connect();
  return imap;
}

/** What the page notes down for the reply being waited for (window.__replyWatch). */
interface ReplyWatch {
  text: string | null;
  /** Date.now() when a message with the text entered the thread's DOM. */
  shownAt: number | null;
  /** Date.now() of each `message` event on the thread's live stream. */
  events: number[];
}

/**
 * Runs in the page before its own scripts (window.__replyWatch, a ReplyWatch):
 * notes when each live `message` event arrives, and (a MutationObserver, at the
 * moment React inserts it) when the awaited text enters the thread.
 * Playwright's own waiting looks every 500 ms once 270 ms have passed, which
 * would add up to half a second to a figure of about half a second. Plain JS in a string:
 * a function would be sent as its source, and the bench's loader (tsx) adds
 * helper calls to functions' source that do not exist in the page.
 */
const RECORD_ARRIVALS = `(() => {
  const watch = { text: null, shownAt: null, events: [] };
  window.__replyWatch = watch;
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(url, init) {
      super(url, init);
      if (String(url).endsWith('/messages')) {
        this.addEventListener('message', () => window.__replyWatch.events.push(Date.now()));
      }
    }
  };
  const look = () => {
    const w = window.__replyWatch;
    if (!w.text || w.shownAt !== null) return;
    for (const message of document.querySelectorAll('[data-testid="message"]')) {
      if (message.textContent && message.textContent.includes(w.text)) {
        w.shownAt = Date.now();
        return;
      }
    }
  };
  // The whole document, not its body: hydration may put a new <body> in place of the served one.
  new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
})();`;

/** One reply's path, in ms from just before its APPEND. */
export interface ReplyTiming {
  /** The message in the open thread (in the DOM; visible to Playwright right after). */
  shownMs: number;
  /** Dovecot answered the APPEND (the mail is in the mailbox). */
  appendedMs: number;
  /** The thread's live stream delivered the `message` event (null: no event seen). */
  eventMs: number | null;
  /** The page's refetch of the thread started and ended (null: not seen). */
  refetchStartMs: number | null;
  refetchEndMs: number | null;
  /** Date.now() just before the APPEND, to compare with the server's created_at. */
  startedAt: number;
}

/**
 * APPENDs the customer's reply with `text` to INBOX and waits until the text
 * is in the thread open on `page` (from openCustomerTicket).
 */
export async function timeReply({
  imap,
  page,
  ticketId,
  from,
  notification,
  text,
  timeoutMs = 60_000,
}: {
  imap: ImapFlow;
  page: Page;
  ticketId: number;
  from: string;
  notification: TicketMail;
  text: string;
  timeoutMs?: number;
}): Promise<ReplyTiming> {
  const raw = replyMail(from, notification.messageId, notification.subject, text);
  await page.evaluate((awaited) => {
    const w = window as unknown as { __replyWatch: ReplyWatch };
    w.__replyWatch.text = awaited;
    w.__replyWatch.shownAt = null;
    w.__replyWatch.events = [];
    performance.clearResourceTimings();
  }, text);
  const startedAt = Date.now();
  await imap.append('INBOX', raw);
  const appendedMs = Date.now() - startedAt;
  await page.waitForFunction(
    () => (window as unknown as { __replyWatch: ReplyWatch }).__replyWatch.shownAt !== null,
    undefined,
    { timeout: timeoutMs, polling: 50 },
  );
  await page.getByTestId('message').filter({ hasText: text }).waitFor({ state: 'visible' });
  const seen = await page.evaluate((path) => {
    const watch = (window as unknown as { __replyWatch: ReplyWatch }).__replyWatch;
    // Resource timings are on the page's own clock; moved onto Date.now()'s here.
    const offset = Date.now() - performance.now();
    const fetches = performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname === path)
      .map((entry) => ({
        start: offset + entry.startTime,
        end: offset + (entry as PerformanceResourceTiming).responseEnd,
      }));
    return { shownAt: watch.shownAt ?? Number.NaN, events: watch.events, fetches };
  }, `/api/tickets/${ticketId}/messages`);
  const fetch = seen.fetches.find((f) => f.end <= seen.shownAt + 1) ?? null;
  const event = seen.events[0];
  return {
    shownMs: seen.shownAt - startedAt,
    appendedMs,
    eventMs: event === undefined ? null : event - startedAt,
    refetchStartMs: fetch ? Math.round(fetch.start - startedAt) : null,
    refetchEndMs: fetch ? Math.round(fetch.end - startedAt) : null,
    startedAt,
  };
}
