import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { exchangeBounce, postfixBounce } from '../../../test/bounce-helpers';
import { type Dovecot, dovecotAvailable } from '../../../test/dovecot';
import { Client, codeFrom, createTestContext, registerUser } from '../../../test/helpers';
import { eventually, sentIds, useDovecot } from '../../../test/inbound-mail-helpers';
import { mailTitled } from '../../../test/mail-helpers';
import { createTicket, postMessage, quickUser } from '../../../test/tickets-helpers';
import { sentTicketMails, ticketMessages, tickets, users } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

/**
 * Bounces (DESIGN §7.1, docs/email.md): delivery reports written like
 * Postfix's and Exchange's, put into a real IMAP mailbox and read by the real
 * watcher; ticket e-mails go through real SMTP capture.
 */
const available = dovecotAvailable();
const ctx = createTestContext();
let dovecot: Dovecot;
const PROCESSED = ['Kontakt', 'Przetworzone'];
const FOR_STAFF = ['Kontakt', 'Nieprzypisane'];
const PASSWORD = 'Sekretne-Haslo-42';
/** Subjects go by their start: they end with the ticket's studio-wide number. */
const STAFF_REPLY = 'Nowa odpowiedź w zgłoszeniu #';

useDovecot(ctx, (started) => {
  dovecot = started;
});

/** A registered customer (with a password, to sign in again) whose ticket got a staff answer by e-mail. */
async function world() {
  const clock = new TestClock();
  const app = await ctx.app({
    clock,
    env: { IMAP_URL: dovecot.url, MAIL_REPLY_TO: 'kontakt@studio.test' },
    mailWatcher: { pollMs: 200 },
  });
  await app.ready();
  const alice = await registerUser(app, ctx.mail, {
    username: 'Alicja',
    email: 'alicja@example.com',
  });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  const { id: ticketId } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
  const answer = async (body: string) => {
    await postMessage(admin.client, ticketId, { body });
    clock.advance(10 * 60_000);
    await app.jobs.runDue();
  };
  await answer('Odpowiedź zespołu');
  const [notification] = await sentIds(app, alice.user.id);
  if (!notification) throw new Error('no notification sent');
  return { app, clock, alice, admin, ticketId: ticketId as number, notification, answer };
}

const inboxEmptied = () => eventually(async () => (await dovecot.count('INBOX')) === 0);
const kinds = (app: FastifyInstance) => app.mailWatcher?.processed.map((o) => o.kind);
const bouncing = async (app: FastifyInstance, userId: number) =>
  (await app.deps.db.select().from(users).where(eq(users.id, userId)))[0]?.emailBouncingAt !== null;
const panel = async (admin: Client, userId: number) =>
  (await admin.get(`/api/admin/customers/${userId}`)).json().customer;
const mailsTo = (to: string, subject: string) =>
  ctx.mail.messages.filter((m) => m.to === to && m.subject.startsWith(subject));
const counts = async (app: FastifyInstance) => ({
  tickets: Number((await app.deps.db.select({ n: count() }).from(tickets))[0]?.n),
  messages: Number((await app.deps.db.select({ n: count() }).from(ticketMessages))[0]?.n),
});

describe.skipIf(!available)('bounces (delivery-status reports) against a real IMAP server', () => {
  it('a Postfix bounce for our notification marks the address: staff panel, /me, the mail filed as done, no message', async () => {
    const { app, alice, admin, notification } = await world();
    expect((await panel(admin.client, alice.user.id)).email_bouncing).toBe(false);
    const before = await counts(app);
    await dovecot.append(postfixBounce({ recipient: alice.user.email, messageId: notification }));
    await inboxEmptied();
    expect(kinds(app)).toEqual(['bounce']);
    expect(await bouncing(app, alice.user.id)).toBe(true);
    expect((await panel(admin.client, alice.user.id)).email_bouncing).toBe(true);
    expect((await alice.client.get('/api/auth/me')).json().user.email_bouncing).toBe(true);
    // Never a reply nor a new ticket.
    expect(await counts(app)).toEqual(before);
    expect(await dovecot.count(PROCESSED)).toBe(1);
    expect(await dovecot.count(FOR_STAFF)).toBe(0);
  });

  it('an Exchange bounce marks it too; ticket e-mails stop, security notices still go; a sign-in clears it and mails flow again', async () => {
    const { app, alice, answer } = await world();
    const [notification] = await sentIds(app, alice.user.id);
    await dovecot.append(
      exchangeBounce({ recipient: alice.user.email, messageId: notification ?? '' }),
    );
    await inboxEmptied();
    expect(kinds(app)).toEqual(['bounce']);
    expect(await bouncing(app, alice.user.id)).toBe(true);

    ctx.mail.clear();
    await answer('Druga odpowiedź');
    expect(mailsTo(alice.user.email, STAFF_REPLY)).toHaveLength(0);
    // Not counted as sent: no Message-ID recorded, nothing marked as mailed.
    expect(await sentIds(app, alice.user.id)).toHaveLength(1);
    // The customer can still recover the account: reset links go.
    const reset = await new Client(app).post('/api/auth/password-reset/request', {
      email: alice.user.email,
    });
    expect(reset.statusCode).toBe(200);
    expect((await ctx.mail.last(alice.user.email)).text).toContain('reset-password?token=');

    const browser = new Client(app);
    const signedIn = await browser.post('/api/auth/login', {
      identifier: alice.user.email,
      password: PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email_bouncing).toBe(false);
    expect(await bouncing(app, alice.user.id)).toBe(false);
    expect((await alice.client.get('/api/auth/me')).json().user.email_bouncing).toBe(false);
    ctx.mail.clear();
    await answer('Trzecia odpowiedź');
    // The mail counts every answer not mailed yet, the one held back included.
    const resumed = mailsTo(alice.user.email, 'Nowe odpowiedzi w zgłoszeniu #');
    expect(resumed).toHaveLength(1);
    expect(resumed[0]?.text).toContain('Druga odpowiedź');
    expect(await sentIds(app, alice.user.id)).toHaveLength(2);
  });

  it('a late second bounce for a mail sent before the customer signed in again marks nothing; one for a later mail does', async () => {
    const { app, clock, alice, notification, answer } = await world();
    await dovecot.append(postfixBounce({ recipient: alice.user.email, messageId: notification }));
    await inboxEmptied();
    expect(await bouncing(app, alice.user.id)).toBe(true);
    clock.advance(60_000);
    const signedIn = await new Client(app).post('/api/auth/login', {
      identifier: alice.user.email,
      password: PASSWORD,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(await bouncing(app, alice.user.id)).toBe(false);
    // Another relay of the same mail gives up later: the address has worked since.
    clock.advance(30 * 60_000);
    await dovecot.append(exchangeBounce({ recipient: alice.user.email, messageId: notification }));
    await eventually(async () => kinds(app)?.length === 2);
    expect(kinds(app)).toEqual(['bounce', 'automatic']);
    expect(await bouncing(app, alice.user.id)).toBe(false);
    // A mail sent after the sign-in that bounces marks the address again.
    await answer('Druga odpowiedź');
    const later = (await sentIds(app, alice.user.id)).find((id) => id !== notification) ?? '';
    expect(later).not.toBe('');
    await dovecot.append(postfixBounce({ recipient: alice.user.email, messageId: later }));
    await eventually(async () => kinds(app)?.length === 3);
    expect(await bouncing(app, alice.user.id)).toBe(true);
  });

  it('changing the e-mail address clears the mark', async () => {
    const { app, alice, notification } = await world();
    await dovecot.append(postfixBounce({ recipient: alice.user.email, messageId: notification }));
    await inboxEmptied();
    expect(await bouncing(app, alice.user.id)).toBe(true);
    const asked = await alice.client.post('/api/profile/email', {
      new_email: 'alicja@nowy.test',
      password: PASSWORD,
    });
    expect(asked.statusCode).toBe(200);
    const code = codeFrom(await mailTitled(ctx.mail, 'alicja@nowy.test', 'Zmiana adresu e-mail'));
    const confirmed = await alice.client.post('/api/profile/email/confirm', { code });
    expect(confirmed.statusCode).toBe(200);
    expect(await bouncing(app, alice.user.id)).toBe(false);
    expect((await alice.client.get('/api/auth/me')).json().user.email_bouncing).toBe(false);
  });

  it('a delayed (4.x.x) report marks nothing and is left for staff', async () => {
    const { app, alice, notification } = await world();
    await dovecot.append(
      postfixBounce({ recipient: alice.user.email, messageId: notification, action: 'delayed' }),
    );
    await dovecot.append(
      exchangeBounce({
        recipient: alice.user.email,
        messageId: notification,
        action: 'failed',
        status: '4.4.7',
      }),
    );
    await inboxEmptied();
    expect(kinds(app)).toEqual(['automatic', 'automatic']);
    expect(await bouncing(app, alice.user.id)).toBe(false);
    expect(await dovecot.count(FOR_STAFF)).toBe(2);
  });
});

describe.skipIf(!available)('a forged bounce cannot silence a customer', () => {
  it('a bounce naming a Message-ID we never sent marks nothing and opens nothing', async () => {
    const { app, alice } = await world();
    const before = await counts(app);
    await dovecot.append(
      postfixBounce({
        recipient: alice.user.email,
        messageId: '<kontakt.000000000000000000000000@localhost>',
      }),
    );
    await inboxEmptied();
    expect(kinds(app)).toEqual(['automatic']);
    expect(await bouncing(app, alice.user.id)).toBe(false);
    expect(await counts(app)).toEqual(before);
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
  });

  it('a report that threads into our notification from the customer’s own address, without automatic headers, is never a ticket message', async () => {
    const { app, alice, notification } = await world();
    const before = await counts(app);
    const report = postfixBounce({
      recipient: alice.user.email,
      messageId: '<kontakt.111111111111111111111111@localhost>',
    })
      .toString('utf8')
      .replace('Return-Path: <>', `Return-Path: <${alice.user.email}>`)
      .replace('Auto-Submitted: auto-replied\r\n', '')
      .replace(
        'From: MAILER-DAEMON@mx.example.net (Mail Delivery System)',
        `From: ${alice.user.email}\r\nIn-Reply-To: ${notification}\r\nReferences: ${notification}`,
      );
    await dovecot.append(report);
    await inboxEmptied();
    expect(kinds(app)).toEqual(['automatic']);
    expect(await counts(app)).toEqual(before);
    expect(await bouncing(app, alice.user.id)).toBe(false);
  });

  it('a bounce naming our Message-ID but another recipient marks nobody', async () => {
    const { app, alice, notification } = await world();
    const bob = await quickUser(app, { username: 'Bartek' });
    for (const recipient of [bob.user.email, 'mallory@evil.example']) {
      await dovecot.append(postfixBounce({ recipient, messageId: notification }));
    }
    await inboxEmptied();
    expect(kinds(app)).toEqual(['automatic', 'automatic']);
    expect(await bouncing(app, alice.user.id)).toBe(false);
    expect(await bouncing(app, bob.user.id)).toBe(false);
  });

  it('a bounce for the address the customer has since given up does not mark the new one', async () => {
    const { app, alice, notification } = await world();
    await app.deps.db
      .update(users)
      .set({ email: 'alicja@nowy.test' })
      .where(eq(users.id, alice.user.id));
    await dovecot.append(
      postfixBounce({ recipient: 'alicja@example.com', messageId: notification }),
    );
    await inboxEmptied();
    expect(await bouncing(app, alice.user.id)).toBe(false);
  });

  it('a bounce for a mail older than the bounce window marks nothing', async () => {
    const { app, clock, alice, notification } = await world();
    clock.advance(15 * 24 * 60 * 60_000);
    await dovecot.append(postfixBounce({ recipient: alice.user.email, messageId: notification }));
    await inboxEmptied();
    expect(await bouncing(app, alice.user.id)).toBe(false);
    expect(
      await app.deps.db
        .select()
        .from(sentTicketMails)
        .where(eq(sentTicketMails.messageId, notification)),
    ).toHaveLength(1);
  });
});
