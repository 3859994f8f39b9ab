import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext } from '../../../../test/helpers';
import { streamsOfTheTest } from '../../../../test/stream-helpers';
import { createTicket, listen, postMessage, quickUser } from '../../../../test/tickets-helpers';
import { notificationPrefs, ticketRatings, users } from '../../../db/schema/index';
import { TestClock } from '../../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const MINUTE = 60_000;
const streams = streamsOfTheTest();

async function world() {
  const clock = new TestClock(Date.parse('2026-03-10T10:00:00Z'));
  const app = await ctx.app({ clock });
  const alice = await quickUser(app, { username: 'Alicja' });
  const bob = await quickUser(app, { username: 'Bartek' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  const setStatus = (id: number, status: 'open' | 'closed') =>
    admin.client.request('PATCH', `/api/tickets/${id}/status`, { status });
  /** A ticket of Alicja's that staff answered and closed. */
  const closedTicket = async (body = 'Nie działa logowanie') => {
    const { id } = (await createTicket(alice.client, { body })).json();
    await postMessage(admin.client, id, { body: 'Naprawione.' });
    await setStatus(id, 'closed');
    return id as number;
  };
  const sendMails = async () => {
    clock.advance(10 * MINUTE);
    await app.jobs.runDue();
  };
  const storedRatings = () => app.deps.db.select().from(ticketRatings);
  return { app, clock, alice, bob, admin, setStatus, closedTicket, sendMails, storedRatings };
}

const mailsTo = (to: string) => ctx.mail.messages.filter((m) => m.to === to);
const closingMailTo = (to: string) => mailsTo(to).find((m) => m.subject.includes('zamknięte'));

/** The rating page links of a closing mail, by score. */
function ratingLinks(text: string) {
  const links = [
    ...text.matchAll(/http:\/\/localhost:3000\/contact\/rating\?token=([\w.-]+)&score=(\w+)/g),
  ];
  return Object.fromEntries(
    links.map((m) => [m[2] ?? '', { url: m[0], token: m[1] ?? '' }]),
  ) as Partial<Record<string, { url: string; token: string }>>;
}

describe('POST /api/tickets/:id/rating (DESIGN.md §7.9)', () => {
  it('lets the owner rate a closed ticket, shows it on {ticket} and replaces it with a later one', async () => {
    const { alice, admin, clock, closedTicket } = await world();
    const id = await closedTicket();
    const first = await alice.client.post(`/api/tickets/${id}/rating`, {
      score: 'neutral',
      comment: '  Trochę długo, ale działa.  ',
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      rating: {
        score: 'neutral',
        comment: 'Trochę długo, ale działa.',
        rated_at: '2026-03-10T10:00:00.000Z',
      },
    });
    clock.advance(MINUTE);
    await alice.client.post(`/api/tickets/${id}/rating`, { score: 'good' });
    const expected = { score: 'good', comment: null, rated_at: '2026-03-10T10:01:00.000Z' };
    expect((await alice.client.get(`/api/tickets/${id}`)).json().ticket.rating).toEqual(expected);
    // Staff read it on the same {ticket}.
    expect((await admin.client.get(`/api/tickets/${id}`)).json().ticket.rating).toEqual(expected);
  });

  it('answers rating: null on a ticket nobody rated', async () => {
    const { alice } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    expect((await alice.client.get(`/api/tickets/${id}`)).json().ticket.rating).toBeNull();
  });

  it('refuses another customer (404), staff (403) and the anonymous (401), storing nothing', async () => {
    const { app, bob, admin, closedTicket, storedRatings } = await world();
    const id = await closedTicket();
    const body = { score: 'bad' };
    expect((await bob.client.post(`/api/tickets/${id}/rating`, body)).statusCode).toBe(404);
    expect((await admin.client.post(`/api/tickets/${id}/rating`, body)).statusCode).toBe(403);
    const anonymous = new Client(app);
    expect((await anonymous.post(`/api/tickets/${id}/rating`, body)).statusCode).toBe(401);
    expect((await bob.client.post('/api/tickets/999999/rating', body)).statusCode).toBe(404);
    expect(await storedRatings()).toEqual([]);
  });

  it('answers 409 ticket_open while the ticket is open, also after a reopen', async () => {
    const { alice, setStatus, closedTicket, storedRatings } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Otwarte' })).json();
    const open = await alice.client.post(`/api/tickets/${id}/rating`, { score: 'good' });
    expect(open.statusCode).toBe(409);
    expect(open.json().error).toBe('ticket_open');
    const closed = await closedTicket();
    await setStatus(closed, 'open');
    expect(
      (await alice.client.post(`/api/tickets/${closed}/rating`, { score: 'good' })).statusCode,
    ).toBe(409);
    expect(await storedRatings()).toEqual([]);
  });

  it('refuses a bad score or a comment over 1000 characters with 400, keeping the earlier rating', async () => {
    const { alice, closedTicket, storedRatings } = await world();
    const id = await closedTicket();
    await alice.client.post(`/api/tickets/${id}/rating`, { score: 'good', comment: 'Super' });
    for (const body of [
      { score: 'excellent' },
      {},
      { score: 'bad', comment: 'x'.repeat(1001) },
      { score: 'bad', comment: 5 },
    ]) {
      const refused = await alice.client.post(`/api/tickets/${id}/rating`, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('validation_failed');
    }
    expect(await storedRatings()).toMatchObject([
      { ticketId: id, score: 'good', comment: 'Super' },
    ]);
    const longest = await alice.client.post(`/api/tickets/${id}/rating`, {
      score: 'bad',
      comment: 'ż'.repeat(1000),
    });
    expect(longest.statusCode).toBe(200);
  });

  it('leaves exactly one rating after a burst of parallel ratings', async () => {
    const { alice, closedTicket, storedRatings } = await world();
    const id = await closedTicket();
    const scores = ['good', 'neutral', 'bad', 'good', 'bad', 'neutral', 'good', 'bad'];
    const answers = await Promise.all(
      scores.map((score) => alice.client.post(`/api/tickets/${id}/rating`, { score })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(scores.map(() => 200));
    const rows = await storedRatings();
    expect(rows).toHaveLength(1);
    expect(scores).toContain(rows[0]?.score);
  });
});

describe('the closing e-mail and its rating links', () => {
  it('tells the customer in Polish that the ticket was closed and links the three choices', async () => {
    const { alice, closedTicket, sendMails } = await world();
    const id = await closedTicket('Faktura za marzec');
    await sendMails();
    const mail = closingMailTo(alice.user.email);
    expect(mail?.subject).toMatch(/^Zgłoszenie #\d+ zostało zamknięte$/);
    expect(mail?.text).toContain('zamknęliśmy Twoje zgłoszenie');
    expect(mail?.text).toContain('Faktura za marzec');
    expect(mail?.text).toContain('Jak oceniasz naszą pomoc?');
    const links = ratingLinks(mail?.text ?? '');
    expect(Object.keys(links).sort()).toEqual(['bad', 'good', 'neutral']);
    expect(links.good?.token.startsWith(`${id}.${alice.user.id}.`)).toBe(true);
    for (const label of ['>Dobrze</a>', '>Tak sobie</a>', '>Źle</a>']) {
      expect(mail?.html).toContain(label);
    }
    expect(mail?.html).toContain('lang="pl"');
    expect(mail?.headers['auto-submitted']).toBe('auto-generated');
    expect(mail?.headers['list-unsubscribe']).toMatch(/\/api\/notifications\/unsubscribe\?token=/);
  });

  it('records the rating only when the page posts it: opening the link records nothing', async () => {
    const { app, alice, closedTicket, sendMails, storedRatings } = await world();
    const id = await closedTicket();
    await sendMails();
    const links = ratingLinks(closingMailTo(alice.user.email)?.text ?? '');
    // A mail scanner (no session, no Origin) follows every link.
    const scanner = new Client(app, {});
    for (const link of Object.values(links)) {
      await scanner.get(link?.url.replace('http://localhost:3000', '') ?? '/');
    }
    expect(await storedRatings()).toEqual([]);

    const page = new Client(app);
    const rated = await page.post('/api/ratings/by-link', {
      token: links.bad?.token,
      score: 'bad',
      comment: 'Czekałam za długo.',
    });
    expect(rated.statusCode).toBe(200);
    expect(rated.json()).toMatchObject({
      rating: { score: 'bad', comment: 'Czekałam za długo.' },
      ticket: { subject: 'Nie działa logowanie' },
    });
    // The person may change their mind on the page: the link's ticket, the chosen score.
    await page.post('/api/ratings/by-link', { token: links.bad?.token, score: 'good' });
    expect((await alice.client.get(`/api/tickets/${id}`)).json().ticket.rating).toMatchObject({
      score: 'good',
      comment: null,
    });
  });

  it('refuses a forged or altered token with invalid_token and records nothing', async () => {
    const { app, alice, bob, closedTicket, sendMails, storedRatings } = await world();
    const id = await closedTicket();
    const bobs = (await createTicket(bob.client, { body: 'Bartka' })).json().id as number;
    await sendMails();
    const token = ratingLinks(closingMailTo(alice.user.email)?.text ?? '').good?.token ?? '';
    const [, , digest] = token.split('.');
    const page = new Client(app);
    for (const forged of [
      `${bobs}.${bob.user.id}.${digest}`,
      `${id}.${bob.user.id}.${digest}`,
      `${id}.${alice.user.id}.${digest?.slice(0, -1)}${digest?.endsWith('A') ? 'B' : 'A'}`,
      `${id}.${alice.user.id}.${'A'.repeat(32)}`,
      'nie-token',
    ]) {
      const refused = await page.post('/api/ratings/by-link', { token: forged, score: 'bad' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('invalid_token');
    }
    expect(await storedRatings()).toEqual([]);
  });

  it('keeps a link of a reopened ticket from rating it (409) until it is closed again', async () => {
    const { app, alice, setStatus, closedTicket, sendMails, storedRatings } = await world();
    const id = await closedTicket();
    await sendMails();
    const token = ratingLinks(closingMailTo(alice.user.email)?.text ?? '').good?.token;
    await setStatus(id, 'open');
    const page = new Client(app);
    const refused = await page.post('/api/ratings/by-link', { token, score: 'good' });
    expect(refused.statusCode).toBe(409);
    expect(await storedRatings()).toEqual([]);
  });

  it('is not sent when the close is undone in time, nor to an address that opted out or bounces', async () => {
    const { app, alice, bob, setStatus, clock, closedTicket, sendMails } = await world();
    const undone = await closedTicket('Zamknięte przez pomyłkę');
    clock.advance(5_000);
    await setStatus(undone, 'open');
    await sendMails();
    expect(closingMailTo(alice.user.email)).toBeUndefined();

    const { db } = app.deps;
    await db
      .insert(notificationPrefs)
      .values({ userId: alice.user.id, email: false, updatedAt: clock.now() });
    await setStatus(undone, 'closed');
    await db.update(users).set({ emailBouncingAt: clock.now() }).where(eq(users.id, bob.user.id));
    const bobs = (await createTicket(bob.client, { body: 'Bartka' })).json().id as number;
    await setStatus(bobs, 'closed');
    await sendMails();
    expect(closingMailTo(alice.user.email)).toBeUndefined();
    expect(closingMailTo(bob.user.email)).toBeUndefined();
  });
});

describe('a rating on the live streams (issue 34)', () => {
  const data = (e: { data: string }) => JSON.parse(e.data) as Record<string, unknown>;

  it('tells staff (and the rater) the ticket was updated, and no other customer anything', async () => {
    const { app, alice, bob, admin, closedTicket } = await world();
    const id = await closedTicket();
    const open = streams.on(await listen(app));
    const staff = await open('/api/stream/tickets', admin.client);
    const rater = await open('/api/stream/tickets', alice.client);
    const other = await open('/api/stream/tickets', bob.client);

    await alice.client.post(`/api/tickets/${id}/rating`, { score: 'good', comment: 'Dzięki.' });
    const updated = await staff.waitFor((e) => data(e).type === 'updated');
    expect(updated.event).toBe('ticket');
    // Only that the ticket changed: the screen reads the rating itself, with its own rights.
    expect(data(updated)).toEqual({ type: 'updated', ticket_id: id });
    await rater.waitFor((e) => data(e).type === 'updated' && data(e).ticket_id === id);

    // Bob's own ticket reaches his stream, so Alicja's rating would have come before it.
    const bobs = (await createTicket(bob.client, { body: 'Moje' })).json();
    await other.waitFor((e) => data(e).type === 'message' && data(e).ticket_id === bobs.id);
    expect(other.events.every((e) => data(e).ticket_id === bobs.id)).toBe(true);
    expect(other.events.map((e) => e.data).join('')).not.toContain('Dzięki');
  });
});
