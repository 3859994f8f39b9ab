import { SET_ASIDE_REASON_TEXT } from '@studio/shared/mailbox';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { type Dovecot, dovecotAvailable } from '../../../test/dovecot';
import { createTestContext } from '../../../test/helpers';
import { eventually, rawMail, receivedWith, useDovecot } from '../../../test/inbound-mail-helpers';
import { streamsOfTheTest } from '../../../test/stream-helpers';
import { createTicket, listen, pngImage, quickUser } from '../../../test/tickets-helpers';
import { ticketMessages, tickets, users } from '../../db/schema/index';

/**
 * „Skrzynka” (DESIGN §7.1, issue 29): mails the watcher set aside, listed for
 * staff straight from a real IMAP server's folder, and each staff action on
 * them (a ticket for the sender, a message of a ticket, the trash), with the
 * attacks on each: a customer, a stale or forged id, a double click, a mail
 * from a staff address. No mail is ever lost: each ends in exactly one folder.
 */
const available = dovecotAvailable();
const ctx = createTestContext();
let dovecot: Dovecot;
const PROCESSED = ['Kontakt', 'Przetworzone'];
const FOR_STAFF = ['Kontakt', 'Nieprzypisane'];
const streams = streamsOfTheTest();

useDovecot(ctx, (started) => {
  dovecot = started;
});

async function world(env: Record<string, string> = {}) {
  const app = await ctx.app({
    env: { IMAP_URL: dovecot.url, MAIL_REPLY_TO: 'kontakt@studio.test', ...env },
    mailWatcher: { pollMs: 200 },
  });
  await app.ready();
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  const customer = await quickUser(app, { username: 'Alicja' });
  return { app, admin, customer };
}

/** A mail handed to the mailbox, once the watcher has set it aside. */
async function setAside(raw: Buffer, inStaffFolder: number) {
  await dovecot.append(raw);
  await eventually(async () => (await dovecot.count(FOR_STAFF)) === inStaffFolder);
}

const stranger = (options: Parameters<typeof rawMail>[0] = {}) =>
  rawMail({
    from: '"Zofia Żółkiewska" <zofia@nowa-firma.pl>',
    subject: 'Zapytanie o wycenę sklepu',
    text: 'Dzień dobry, ile kosztuje sklep internetowy? Pozdrawiam, Zofia',
    ...options,
  });

const list = async (admin: { client: { get(url: string): Promise<{ json(): unknown }> } }) =>
  (await admin.client.get('/api/admin/mailbox')).json() as {
    mails: Array<{ id: string; from: string; from_name: string; subject: string; reason: string }>;
    total: number;
    configured: boolean;
  };

const counts = async (app: FastifyInstance) => ({
  users: Number((await app.deps.db.select({ n: count() }).from(users))[0]?.n),
  tickets: Number((await app.deps.db.select({ n: count() }).from(tickets))[0]?.n),
  messages: Number((await app.deps.db.select({ n: count() }).from(ticketMessages))[0]?.n),
});

describe.skipIf(!available)('„Skrzynka”: mails set aside, against a real IMAP server', () => {
  it('lists each set-aside mail with sender, subject and its reason, read from the folder, not the database', async () => {
    const { app, admin } = await world();
    const before = await counts(app);
    await setAside(await stranger(), 1);
    await setAside(
      await rawMail({
        from: 'Urlop <urlop@example.com>',
        subject: 'Automatyczna odpowiedź: jestem na urlopie',
        headers: { 'Auto-Submitted': 'auto-replied' },
        text: 'Wracam w poniedziałek.',
      }),
      2,
    );
    await setAside(await rawMail({ from: 'obsluga@example.com', subject: 'x', text: 'y' }), 3);
    const answer = await list(admin);
    expect(answer.configured).toBe(true);
    expect(answer.total).toBe(3);
    const byFrom = Object.fromEntries(answer.mails.map((m) => [m.from, m]));
    expect(byFrom['zofia@nowa-firma.pl']).toMatchObject({
      from_name: 'Zofia Żółkiewska',
      subject: 'Zapytanie o wycenę sklepu',
      reason: 'unknown_sender',
    });
    expect(byFrom['urlop@example.com']?.reason).toBe('automatic');
    // quickUser's staff address is <username>@example.com.
    expect(byFrom['obsluga@example.com']?.reason).toBe('staff_sender');
    for (const mail of answer.mails)
      expect(SET_ASIDE_REASON_TEXT[mail.reason as 'other']).toBeTruthy();
    // Newest first.
    expect(answer.mails[0]?.from).toBe('obsluga@example.com');
    // Nothing of the stranger entered the database.
    expect(await counts(app)).toEqual(before);
  });

  it('a mail put in the folder by hand, without a reason, lists as „other”', async () => {
    const { admin } = await world();
    await dovecot.withClient(async (client) => {
      const { path } = await client.mailboxCreate(FOR_STAFF);
      await client.append(path, await stranger());
    });
    expect((await list(admin)).mails.map((m) => m.reason)).toEqual(['other']);
  });

  it('admins’ list streams hear the new count live; customers’ streams never do', async () => {
    const { app, admin, customer } = await world();
    const base = await listen(app);
    const open = streams.on(base);
    const staffStream = await open('/api/stream/tickets', admin.client);
    const customerStream = await open('/api/stream/tickets', customer.client);
    const staffThread = await open(
      `/api/stream/tickets/${(await createTicket(customer.client, { body: 'Pytanie' })).json().id}/messages`,
      admin.client,
    );
    await dovecot.append(await stranger());
    const event = await staffStream.waitFor((e) => e.event === 'mailbox');
    expect(JSON.parse(event.data)).toEqual({ total: 1 });
    const [mail] = (await list(admin)).mails;
    await admin.client.request('DELETE', `/api/admin/mailbox/${mail?.id}`);
    await staffStream.waitFor((e) => e.event === 'mailbox' && JSON.parse(e.data).total === 0);
    // What the customer's streams carried meanwhile: their own ticket's events only.
    await customerStream.waitFor((e) => e.event === 'ticket');
    expect(customerStream.events.some((e) => e.event === 'mailbox')).toBe(false);
    expect(customerStream.raw).not.toContain('mailbox');
    expect(staffThread.events.some((e) => e.event === 'mailbox')).toBe(false);
  });

  it('„Otwórz zgłoszenie” gives a stranger a guest account and a ticket with the mail’s text and picture; the mail moves to the processed folder', async () => {
    const { app, admin } = await world();
    await setAside(
      await stranger({
        attachments: [{ filename: 'sklep.png', content: await pngImage(120, 90) }],
      }),
      1,
    );
    const [mail] = (await list(admin)).mails;
    const opened = await admin.client.post(`/api/admin/mailbox/${mail?.id}/ticket`);
    expect(opened.statusCode).toBe(200);
    const ticketId = opened.json().ticket_id as number;
    const [guest] = await app.deps.db
      .select()
      .from(users)
      .where(eq(users.email, 'zofia@nowa-firma.pl'));
    expect(guest).toMatchObject({ passwordHash: null, isAdmin: false });
    expect(guest?.username).toBe('zofia-zolkiewska');
    const thread = (await admin.client.get(`/api/tickets/${ticketId}/messages`)).json();
    expect(thread.messages).toHaveLength(1);
    expect(thread.messages[0].body).toContain('ile kosztuje sklep internetowy');
    expect(thread.messages[0].user_id).toBe(guest?.id);
    expect(thread.messages[0].files.map((f: { filename: string }) => f.filename)).toEqual([
      'sklep.png',
    ]);
    expect(await dovecot.count(FOR_STAFF)).toBe(0);
    expect(await dovecot.count(PROCESSED)).toBe(1);
    expect((await list(admin)).total).toBe(0);
    // Done with: the same id again names nothing, and nothing more is made.
    const again = await admin.client.post(`/api/admin/mailbox/${mail?.id}/ticket`);
    expect(again.statusCode).toBe(404);
    expect((await counts(app)).tickets).toBe(1);
  });

  it('a double click (two requests at once) makes one ticket; the second answers it or 404', async () => {
    const { app, admin } = await world();
    await setAside(await stranger(), 1);
    const [mail] = (await list(admin)).mails;
    const answers = await Promise.all(
      [1, 2, 3].map(() => admin.client.post(`/api/admin/mailbox/${mail?.id}/ticket`)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes[0]).toBe(200);
    for (const a of answers.filter((x) => x.statusCode === 200)) {
      expect(a.json().ticket_id).toBe(answers[0]?.json().ticket_id);
    }
    expect((await counts(app)).tickets).toBe(1);
    expect(await dovecot.count(FOR_STAFF)).toBe(0);
    expect(await dovecot.count(PROCESSED)).toBe(1);
  });

  it('a customer’s own unconfirmed mail opens a ticket of that customer, its message marked unverified', async () => {
    const { app, admin, customer } = await world({ MAIL_AUTHSERV_ID: 'mx.studio.test' });
    await setAside(
      receivedWith(
        await rawMail({ from: customer.user.email, subject: 'Pilne', text: 'Proszę o kontakt' }),
        'Authentication-Results: mx.studio.test; dmarc=fail header.from=example.com',
      ),
      1,
    );
    const [mail] = (await list(admin)).mails;
    expect(mail?.reason).toBe('unverified_sender');
    const before = await counts(app);
    const opened = await admin.client.post(`/api/admin/mailbox/${mail?.id}/ticket`);
    expect(opened.statusCode).toBe(200);
    const [ticket] = await app.deps.db
      .select()
      .from(tickets)
      .where(eq(tickets.id, opened.json().ticket_id));
    expect(ticket?.ownerId).toBe(customer.user.id);
    const thread = (await admin.client.get(`/api/tickets/${ticket?.id}/messages`)).json();
    expect(thread.messages[0].email_sender).toBe('unverified');
    // No new account for a known address.
    expect((await counts(app)).users).toBe(before.users);
  });

  it('a mail from a staff address opens nothing (409 staff_address) and stays; attached to a ticket it is the customer’s message, marked unverified', async () => {
    const { app, admin, customer } = await world();
    const ticketId = (await createTicket(customer.client, { body: 'Pytanie' })).json().id as number;
    await setAside(
      await rawMail({
        from: 'obsluga@example.com',
        subject: 'Przekazuję',
        text: 'Notatka klienta z telefonu',
      }),
      1,
    );
    const [mail] = (await list(admin)).mails;
    const before = await counts(app);
    const refused = await admin.client.post(`/api/admin/mailbox/${mail?.id}/ticket`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('staff_address');
    expect(await counts(app)).toEqual(before);
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
    const attached = await admin.client.post(`/api/admin/mailbox/${mail?.id}/attach`, {
      ticket_id: ticketId,
    });
    expect(attached.statusCode).toBe(200);
    const thread = (await customer.client.get(`/api/tickets/${ticketId}/messages`)).json();
    const message = thread.messages.find(
      (m: { id: number }) => m.id === attached.json().message_id,
    );
    expect(message.body).toContain('Notatka klienta z telefonu');
    expect(message.user_id).toBe(customer.user.id);
    const staffView = (await admin.client.get(`/api/tickets/${ticketId}/messages`)).json();
    expect(
      staffView.messages.find((m: { id: number }) => m.id === attached.json().message_id)
        .email_sender,
    ).toBe('unverified');
    expect(await dovecot.count(FOR_STAFF)).toBe(0);
    expect(await dovecot.count(PROCESSED)).toBe(1);
  });

  it('attaching to a closed, unknown or malformed ticket changes nothing and keeps the mail', async () => {
    const { app, admin, customer } = await world();
    const ticketId = (await createTicket(customer.client, { body: 'Pytanie' })).json().id as number;
    const closed = await admin.client.request('PATCH', `/api/tickets/${ticketId}/status`, {
      status: 'closed',
    });
    expect(closed.statusCode).toBe(200);
    await setAside(await stranger(), 1);
    const [mail] = (await list(admin)).mails;
    const before = await counts(app);
    const attach = (ticket_id: unknown) =>
      admin.client.post(`/api/admin/mailbox/${mail?.id}/attach`, { ticket_id });
    // Staff may write in a closed ticket; the mail is the customer's, who may not.
    expect((await attach(ticketId)).json().error).toBe('ticket_closed');
    expect((await attach(999_999)).statusCode).toBe(404);
    expect((await attach('1; drop table users')).statusCode).toBe(400);
    expect(await counts(app)).toEqual(before);
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
  });

  it('„Do kosza” moves the mail to the mailbox’s trash, never deletes it; a stale, foreign or malformed id is 404', async () => {
    const { admin } = await world();
    await setAside(await stranger(), 1);
    const [mail] = (await list(admin)).mails;
    const id = mail?.id ?? '';
    const [validity, uid] = id.split('.');
    for (const wrong of [
      `${Number(validity) + 1}.${uid}`,
      `${validity}.${Number(uid) + 5}`,
      'abc',
      '1.2.3',
    ]) {
      const answer = await admin.client.request('DELETE', `/api/admin/mailbox/${wrong}`);
      expect(answer.statusCode).toBe(404);
    }
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
    const trashed = await admin.client.request('DELETE', `/api/admin/mailbox/${id}`);
    expect(trashed.statusCode).toBe(204);
    expect(await dovecot.count(FOR_STAFF)).toBe(0);
    expect(await dovecot.count('Trash')).toBe(1);
    expect((await admin.client.request('DELETE', `/api/admin/mailbox/${id}`)).statusCode).toBe(404);
  });

  it('a customer gets 403 on every call and changes nothing; a foreign Origin is refused', async () => {
    const { app, admin, customer } = await world();
    await setAside(await stranger(), 1);
    const [mail] = (await list(admin)).mails;
    const ticketId = (await createTicket(customer.client, { body: 'Pytanie' })).json().id;
    const before = await counts(app);
    const calls = [
      customer.client.get('/api/admin/mailbox'),
      customer.client.post(`/api/admin/mailbox/${mail?.id}/ticket`),
      customer.client.post(`/api/admin/mailbox/${mail?.id}/attach`, { ticket_id: ticketId }),
      customer.client.request('DELETE', `/api/admin/mailbox/${mail?.id}`),
    ];
    for (const answer of await Promise.all(calls)) expect(answer.statusCode).toBe(403);
    const forged = await admin.client.post(`/api/admin/mailbox/${mail?.id}/ticket`, undefined, {
      origin: 'https://evil.example',
    });
    expect(forged.statusCode).toBe(403);
    expect(await counts(app)).toEqual(before);
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
  });

  it('a mail without a sender cannot become a ticket (400) and stays', async () => {
    const { admin } = await world();
    await setAside(
      Buffer.from(
        'Subject: Bez nadawcy\r\nMessage-ID: <bez.nadawcy@example.com>\r\nDate: Fri, 27 Nov 2026 10:00:00 +0100\r\n\r\nTreść\r\n',
      ),
      1,
    );
    const [mail] = (await list(admin)).mails;
    expect(mail).toMatchObject({ from: null, reason: 'unmatched' });
    const answer = await admin.client.post(`/api/admin/mailbox/${mail?.id}/ticket`);
    expect(answer.statusCode).toBe(400);
    expect(await dovecot.count(FOR_STAFF)).toBe(1);
  });

  it('without a mailbox: the list is empty with configured: false, every action is 404', async () => {
    const app = await ctx.app();
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    expect((await admin.client.get('/api/admin/mailbox')).json()).toEqual({
      mails: [],
      total: 0,
      configured: false,
    });
    expect((await admin.client.post('/api/admin/mailbox/1.1/ticket')).statusCode).toBe(404);
    expect((await admin.client.request('DELETE', '/api/admin/mailbox/1.1')).statusCode).toBe(404);
  });
});
