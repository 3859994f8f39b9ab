import { count } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext } from '../../../test/helpers';
import { createTicket, postMessage, quickUser, ticketNumber } from '../../../test/tickets-helpers';
import { jobs } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { messagesPl } from './mail';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const MINUTE = 60_000;

async function world() {
  const clock = new TestClock();
  const app = await ctx.app({ clock });
  const alice = await quickUser(app, { username: 'Alicja' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  const admin2 = await quickUser(app, { username: 'Szef', isAdmin: true });
  return { app, clock, alice, admin, admin2 };
}

/** „Każde zgłoszenie osobno” (issue 31): the default is the grouped mail. */
async function eachTicketMailed(client: Client) {
  const saved = await client.request('PUT', '/api/profile/staff-notifications', {
    new_tickets: 'each',
    assigned_overdue: true,
  });
  expect(saved.statusCode).toBe(200);
}

const mailsTo = (to: string) => ctx.mail.messages.filter((m) => m.to === to);

describe('e-mail to the owner when staff reply', () => {
  it('is sent only if the reply is still unread after 2 minutes, with a link to the ticket', async () => {
    const { app, clock, alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const number = await ticketNumber(alice.client, id);
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    clock.advance(2 * MINUTE - 1000);
    await app.jobs.runDue();
    expect(mailsTo(alice.user.email)).toHaveLength(0);

    clock.advance(1000);
    await app.jobs.runDue();
    const [mail] = mailsTo(alice.user.email);
    expect(mail?.subject).toBe(`Nowa odpowiedź w zgłoszeniu #${number}`);
    expect(mail?.text).toContain(
      `W Twoim zgłoszeniu #${number} czeka 1 nowa wiadomość od naszego zespołu.`,
    );
    expect(mail?.text).toContain(`http://localhost:3000/contact?ticket=${id}`);
    expect(mail?.html).toContain(`/contact?ticket=${id}`);
    // Sent once only.
    clock.advance(10 * MINUTE);
    await app.jobs.runDue();
    expect(mailsTo(alice.user.email)).toHaveLength(1);
    const [left] = await app.deps.db.select({ n: count() }).from(jobs);
    expect(left?.n).toBe(0);
  });

  it('is not sent when the owner read the reply in time', async () => {
    const { app, clock, alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    clock.advance(MINUTE);
    await alice.client.get(`/api/tickets/${id}/messages`);
    clock.advance(2 * MINUTE);
    await app.jobs.runDue();
    expect(mailsTo(alice.user.email)).toHaveLength(0);
  });

  it('groups several replies in the window into one e-mail, and later ones into the next', async () => {
    const { app, clock, alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const number = await ticketNumber(alice.client, id);
    for (const body of ['Raz', 'Dwa', 'Trzy']) {
      await postMessage(admin.client, id, { body });
      clock.advance(30_000);
    }
    clock.advance(MINUTE);
    await app.jobs.runDue();
    const first = mailsTo(alice.user.email);
    expect(first).toHaveLength(1);
    expect(first[0]?.subject).toBe(`Nowe odpowiedzi w zgłoszeniu #${number}`);
    expect(first[0]?.text).toContain('3 nowe wiadomości');

    // A later reply is its own e-mail and does not count the three again.
    await postMessage(admin.client, id, { body: 'Cztery' });
    clock.advance(2 * MINUTE);
    await app.jobs.runDue();
    const all = mailsTo(alice.user.email);
    expect(all).toHaveLength(2);
    expect(all[1]?.text).toContain('1 nowa wiadomość');
  });

  it('is not sent to a user who turned ticket e-mails off', async () => {
    const { app, clock, alice, admin } = await world();
    expect((await alice.client.get('/api/profile/notifications')).json()).toEqual({ email: true });
    const off = await alice.client.post('/api/profile/notifications', { email: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ email: false });
    expect((await alice.client.get('/api/profile/notifications')).json()).toEqual({ email: false });
    expect(
      (await alice.client.post('/api/profile/notifications', { email: 'nie' })).statusCode,
    ).toBe(400);
    expect((await new Client(app).get('/api/profile/notifications')).statusCode).toBe(401);

    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    clock.advance(3 * MINUTE);
    await app.jobs.runDue();
    expect(mailsTo(alice.user.email)).toHaveLength(0);

    await alice.client.post('/api/profile/notifications', { email: true });
    await postMessage(admin.client, id, { body: 'Jeszcze raz' });
    clock.advance(3 * MINUTE);
    await app.jobs.runDue();
    expect(mailsTo(alice.user.email)).toHaveLength(1);
  });

  it('is dropped with a deleted ticket', async () => {
    const { app, clock, alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    await admin.client.request('DELETE', `/api/tickets/${id}`);
    clock.advance(3 * MINUTE);
    await app.jobs.runDue();
    expect(ctx.mail.messages).toHaveLength(0);
  });
});

describe('e-mail to admins when a customer writes', () => {
  it('tells every admin who chose „each” about a new ticket and, later, about a new message', async () => {
    const { app, clock, alice, admin, admin2 } = await world();
    for (const staff of [admin, admin2]) await eachTicketMailed(staff.client);
    const { id } = (await createTicket(alice.client, { body: 'Pomocy' })).json();
    const number = await ticketNumber(alice.client, id);
    clock.advance(2 * MINUTE);
    await app.jobs.runDue();
    for (const staff of [admin, admin2]) {
      const [mail] = mailsTo(staff.user.email);
      expect(mail?.subject).toBe(`Nowe zgłoszenie #${number} od Alicja`);
      expect(mail?.text).toContain(`/contact?ticket=${id}`);
    }
    expect(mailsTo(alice.user.email)).toHaveLength(0);

    // An admin answers; Alice writes again: only that new message is news.
    await postMessage(admin.client, id, { body: 'Już sprawdzam' });
    await postMessage(alice.client, id, { body: 'Dziękuję, czekam' });
    clock.advance(2 * MINUTE);
    await app.jobs.runDue();
    const latest = mailsTo(admin2.user.email).at(-1);
    expect(latest?.subject).toBe(`Nowa wiadomość od Alicja w zgłoszeniu #${number}`);
    expect(latest?.text).toContain('1 nowa wiadomość');
  });

  it('stays quiet when staff answered or read the message in time', async () => {
    const { app, clock, alice, admin, admin2 } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pomocy' })).json();
    await admin2.client.get(`/api/tickets/${id}/messages`);
    await postMessage(admin.client, id, { body: 'Odpowiadam od razu' });
    clock.advance(3 * MINUTE);
    await app.jobs.runDue();
    // admin2 read it; admin answered it. Alice gets the staff reply, since she has not read it.
    expect(mailsTo(admin.user.email)).toHaveLength(0);
    expect(mailsTo(admin2.user.email)).toHaveLength(0);
    expect(mailsTo(alice.user.email)).toHaveLength(1);
  });
});

describe('the outbox', () => {
  it('survives a restart: a job written before it is sent after it', async () => {
    const { app, clock, alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    await app.close();

    clock.advance(3 * MINUTE);
    const restarted = await ctx.app({ clock, config: app.deps.config });
    await restarted.jobs.runDue();
    expect(mailsTo(alice.user.email)).toHaveLength(1);
  });

  it('sends each e-mail once when two instances poll at the same time', async () => {
    const { app, clock, alice, admin } = await world();
    const second = await ctx.app({ clock });
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    clock.advance(3 * MINUTE);
    await Promise.all([app.jobs.runDue(), second.jobs.runDue(), app.jobs.runDue()]);
    expect(mailsTo(alice.user.email)).toHaveLength(1);
  });

  it('retries a failed send later instead of losing it', async () => {
    // A real SMTP server that refuses the first message, as a busy server would.
    let refusals = 1;
    const accepted: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        stream.resume();
        stream.on('end', () => {
          if (refusals-- > 0) {
            const error = new Error('Spróbuj później') as Error & { responseCode: number };
            error.responseCode = 451;
            callback(error);
            return;
          }
          accepted.push(session.envelope.rcptTo[0]?.address ?? '');
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    try {
      const port = (smtp.server.address() as { port: number }).port;
      const clock = new TestClock();
      const app = await ctx.app({ clock, env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
      const alice = await quickUser(app, { username: 'Alicja' });
      const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
      const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
      await admin.client.get(`/api/tickets/${id}/messages`);
      await postMessage(admin.client, id, { body: 'Odpowiedź' });
      clock.advance(3 * MINUTE);
      await app.jobs.runDue();
      expect(accepted).toEqual([]);
      const [waiting] = await app.deps.db.select({ n: count() }).from(jobs);
      expect(waiting?.n).toBe(1);
      clock.advance(MINUTE);
      await app.jobs.runDue();
      expect(accepted).toEqual([alice.user.email]);
    } finally {
      await ctx.reset();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe('Polish plural of messages', () => {
  it('follows the 1 / 2–4 / 5+ rule, teens included', () => {
    expect(messagesPl(1)).toBe('1 nowa wiadomość');
    expect(messagesPl(2)).toBe('2 nowe wiadomości');
    expect(messagesPl(5)).toBe('5 nowych wiadomości');
    expect(messagesPl(12)).toBe('12 nowych wiadomości');
    expect(messagesPl(22)).toBe('22 nowe wiadomości');
  });
});
