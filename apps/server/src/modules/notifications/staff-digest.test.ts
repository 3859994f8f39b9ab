import { count } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { settle } from '../../../test/mail-helpers';
import { createTicket, quickUser, ticketNumber } from '../../../test/tickets-helpers';
import { staffDigestItems } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { checkOverdue } from '../business-hours/index';
import { queueForDigest, STAFF_DIGEST_WINDOW_MS, sendStaffDigest } from './staff-digest';
import { unsubscribeToken } from './unsubscribe-token';

/* New-ticket mails to staff as each one chose (issue 31): grouped, one each, or none. */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const MINUTE = 60_000;
/** Wednesday 25 November 2026, 10:00 in Warsaw: inside the default business hours. */
const WEDNESDAY_10 = Date.UTC(2026, 10, 25, 9);

async function world() {
  const clock = new TestClock(WEDNESDAY_10);
  const app = await ctx.app({ clock });
  const alice = await quickUser(app, { username: 'Alicja' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  const admin2 = await quickUser(app, { username: 'Szef', isAdmin: true });
  return { app, clock, alice, admin, admin2 };
}

const mailsTo = (to: string) => ctx.mail.messages.filter((m) => m.to === to);
const choose = (
  client: { request: (m: 'PUT', url: string, body: unknown) => Promise<{ statusCode: number }> },
  new_tickets: string,
  assigned_overdue = true,
) => client.request('PUT', '/api/profile/staff-notifications', { new_tickets, assigned_overdue });

/** A mail program's one-click POST (RFC 8058) to an unsubscribe link. */
const oneClick = (app: Awaited<ReturnType<typeof world>>['app'], url: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
/** Each token answers 400 `invalid_token` to the page (GET) and to the one click (POST). */
async function expectRefused(app: Awaited<ReturnType<typeof world>>['app'], tokens: string[]) {
  for (const token of tokens) {
    for (const method of ['GET', 'POST'] as const) {
      const answer = await app.inject({
        method,
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(answer.statusCode, `${method} ${token}`).toBe(400);
      expect(answer.json()).toEqual({ error: 'invalid_token' });
    }
  }
}
/** The path and query of a `List-Unsubscribe: <url>` header. */
const linkOf = (header: string | undefined) => {
  const url = new URL((header ?? '').slice(1, -1));
  return url.pathname + url.search;
};

describe('GET|PUT /api/profile/staff-notifications', () => {
  it('answers the default (digest, overdue on), stores a choice, refuses customers and bad values', async () => {
    const { alice, admin } = await world();
    expect((await admin.client.get('/api/profile/staff-notifications')).json()).toEqual({
      new_tickets: 'digest',
      assigned_overdue: true,
    });
    const saved = await choose(admin.client, 'none', false);
    expect(saved.statusCode).toBe(200);
    expect((await admin.client.get('/api/profile/staff-notifications')).json()).toEqual({
      new_tickets: 'none',
      assigned_overdue: false,
    });
    expect((await alice.client.get('/api/profile/staff-notifications')).statusCode).toBe(403);
    expect((await choose(alice.client, 'each')).statusCode).toBe(403);
    expect((await choose(admin.client, 'sometimes')).statusCode).toBe(400);
  });
});

describe('new tickets in one grouped mail', () => {
  it('groups three tickets into one mail per recipient after the window; „each” and „none” are respected', async () => {
    const { app, clock, alice, admin, admin2 } = await world();
    const third = await quickUser(app, { username: 'Cisza', isAdmin: true });
    await choose(admin2.client, 'each');
    await choose(third.client, 'none');
    const ids: number[] = [];
    for (const subject of ['Faktura', 'Logowanie', 'Umowa']) {
      ids.push((await createTicket(alice.client, { body: subject })).json().id);
      clock.advance(30_000);
    }
    const numbers = await Promise.all(ids.map((id) => ticketNumber(alice.client, id)));
    clock.advance(2 * MINUTE);
    await app.jobs.runDue();
    // „each”: one mail per ticket at once; the digest waits for its window.
    expect(mailsTo(admin2.user.email)).toHaveLength(3);
    expect(mailsTo(admin.user.email)).toHaveLength(0);
    clock.advance(STAFF_DIGEST_WINDOW_MS);
    await app.jobs.runDue();
    const digest = mailsTo(admin.user.email);
    expect(digest).toHaveLength(1);
    expect(digest[0]?.subject).toBe('Kontakt: 3 nowe zgłoszenia');
    for (const [i, subject] of ['Faktura', 'Logowanie', 'Umowa'].entries()) {
      expect(digest[0]?.text).toContain(`#${numbers[i]} · ${subject} · Alicja`);
      expect(digest[0]?.html).toContain(`/contact?ticket=${ids[i]}`);
    }
    expect(mailsTo(third.user.email)).toHaveLength(0);
    const [left] = await app.deps.db.select({ n: count() }).from(staffDigestItems);
    expect(left?.n).toBe(0);
    // Nothing more later: the tickets count as mailed.
    clock.advance(30 * MINUTE);
    await app.jobs.runDue();
    expect(mailsTo(admin.user.email)).toHaveLength(1);
  });

  it('survives a restart: the waiting tickets are rows, and another app sends them', async () => {
    const { app, clock, alice, admin } = await world();
    await createTicket(alice.client, { body: 'Przed restartem' });
    clock.advance(2 * MINUTE);
    await app.jobs.runDue();
    await app.close();
    const restarted = await ctx.app({ clock });
    clock.advance(STAFF_DIGEST_WINDOW_MS);
    await restarted.jobs.runDue();
    const [mail] = mailsTo(admin.user.email);
    expect(mail?.subject).toBe('Kontakt: 1 nowe zgłoszenie');
    expect(mail?.text).toContain('Przed restartem');
  });

  it('two instances sending the same digest at once mail it once', async () => {
    const { app, clock, alice, admin } = await world();
    const second = await ctx.app({ clock });
    for (const subject of ['Jeden', 'Dwa', 'Trzy']) {
      const { id } = (await createTicket(alice.client, { body: subject })).json();
      await queueForDigest(app.deps.db, {
        recipientId: admin.user.id,
        ticketId: id,
        now: clock.now(),
      });
    }
    clock.advance(STAFF_DIGEST_WINDOW_MS);
    await Promise.all([
      sendStaffDigest(app.deps, { recipientId: admin.user.id }),
      sendStaffDigest(second.deps, { recipientId: admin.user.id }),
      app.jobs.runDue(),
      second.jobs.runDue(),
    ]);
    const digests = mailsTo(admin.user.email);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.subject).toBe('Kontakt: 3 nowe zgłoszenia');
  });

  it('a failed send gives the tickets back for the next try', async () => {
    const { app, clock, alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Ponownie' })).json();
    await queueForDigest(app.deps.db, {
      recipientId: admin.user.id,
      ticketId: id,
      now: clock.now(),
    });
    const failing = {
      ...app.deps,
      mailer: { send: () => Promise.reject(new Error('SMTP down')), close: () => {} },
    };
    await expect(sendStaffDigest(failing, { recipientId: admin.user.id })).rejects.toThrow();
    await sendStaffDigest(app.deps, { recipientId: admin.user.id });
    expect(mailsTo(admin.user.email)[0]?.text).toContain('Ponownie');
  });
});

describe('one-click unsubscribe of the digest (RFC 8058)', () => {
  /** The notification delay, then the digest's window. */
  const digestWindow = async ({ app, clock }: Awaited<ReturnType<typeof world>>) => {
    for (const step of [2 * MINUTE, STAFF_DIGEST_WINDOW_MS]) {
      clock.advance(step);
      await app.jobs.runDue();
    }
  };

  it('the digest carries the headers, and one click turns only that person’s new-ticket mails off', async () => {
    const w = await world();
    const { app, alice, admin, admin2 } = w;
    await choose(admin.client, 'digest', false);
    await createTicket(alice.client, { body: 'Pierwsze' });
    await digestWindow(w);
    const [digest] = mailsTo(admin.user.email);
    expect(digest?.headers?.['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=digest\.\d+\.[\w-]{32}>$/,
    );
    expect(digest?.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(digest?.headers?.['auto-submitted']).toBe('auto-generated');
    const url = linkOf(digest?.headers?.['list-unsubscribe']);
    expect(digest?.text).toContain(url);
    expect(digest?.html).toContain('wyłącz e-maile o nowych zgłoszeniach');

    const page = await app.inject({ method: 'GET', url });
    expect(page.body).toContain('Wyłącz e-maile o nowych zgłoszeniach');
    expect((await admin.client.get('/api/profile/staff-notifications')).json().new_tickets).toBe(
      'digest',
    );
    const first = await oneClick(app, url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Nie będziemy już wysyłać e-maili o nowych zgłoszeniach.');
    // Replaying the click (the mail program, or whoever saw the mail) changes nothing more.
    const again = await app.inject({ method: 'POST', url, payload: {} });
    expect(again.json()).toEqual({ new_tickets: 'none' });
    expect((await admin.client.get('/api/profile/staff-notifications')).json()).toEqual({
      new_tickets: 'none',
      assigned_overdue: false,
    });
    // Other mails of that person and other staff members' digests are untouched.
    expect((await admin.client.get('/api/profile/notifications')).json()).toEqual({ email: true });
    expect((await admin2.client.get('/api/profile/staff-notifications')).json().new_tickets).toBe(
      'digest',
    );

    await createTicket(alice.client, { body: 'Drugie' });
    await digestWindow(w);
    expect(mailsTo(admin.user.email)).toHaveLength(1);
    expect(mailsTo(admin2.user.email)).toHaveLength(2);
  });

  it('refuses a forged token, another user’s, and a token of the other list, and touches nobody', async () => {
    const { app, alice, admin, admin2 } = await world();
    const mine = unsubscribeToken(app.deps.config, admin.user.id, 'staff-digest');
    const ticketMail = unsubscribeToken(app.deps.config, admin.user.id, 'ticket-mail');
    const mac = (token: string) => token.split('.').at(-1);
    const refused = [
      // admin's signature under admin2's id
      `digest.${admin2.user.id}.${mac(mine)}`,
      `digest.${admin.user.id}.${'A'.repeat(32)}`,
      // a ticket-mail link (from any customer's or staff member's mail) made into a digest one
      `digest.${ticketMail}`,
      `digest.${unsubscribeToken(app.deps.config, alice.user.id)}`,
      // and the other way round: a digest link does not turn ticket e-mails off
      mine.slice('digest.'.length),
      `${mine}x`,
    ];
    await expectRefused(app, refused);
    for (const who of [admin, admin2]) {
      expect((await who.client.get('/api/profile/staff-notifications')).json().new_tickets).toBe(
        'digest',
      );
      expect((await who.client.get('/api/profile/notifications')).json()).toEqual({ email: true });
    }
    // A ticket-mail token does what it always did and leaves the digest choice alone.
    const old = await app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${ticketMail}`,
      payload: {},
    });
    expect(old.json()).toEqual({ email: false });
    expect((await admin.client.get('/api/profile/staff-notifications')).json().new_tickets).toBe(
      'digest',
    );
  });
});

describe('one-click unsubscribe of the assignment and overdue mails (RFC 8058)', () => {
  /** A ticket of Alicja's, assigned to `admin`, left past its due time; the mails it sends. */
  async function assignedAndOverdue(w: Awaited<ReturnType<typeof world>>) {
    const { app, clock, alice, admin } = w;
    await choose(admin.client, 'none', true);
    const { id } = (await createTicket(alice.client, { body: 'Pilne' })).json();
    await w.admin2.client.request('PATCH', `/api/tickets/${id}/assignee`, {
      assignee_id: admin.user.id,
    });
    clock.advance(2 * MINUTE);
    await app.jobs.runDue();
    clock.advance(5 * 60 * MINUTE);
    await checkOverdue(app);
    await settle();
    const mails = mailsTo(admin.user.email);
    return {
      assigned: mails.find((m) => m.subject.startsWith('Przypisano Ci')),
      overdue: mails.find((m) => m.subject.includes('po terminie')),
    };
  }

  it('both mails carry the headers; the overdue link turns off only that person’s overdue mails', async () => {
    const w = await world();
    const { app, admin, admin2 } = w;
    const { assigned, overdue } = await assignedAndOverdue(w);
    for (const mail of [assigned, overdue]) {
      expect(mail?.headers?.['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail?.headers?.['auto-submitted']).toBe('auto-generated');
      const url = linkOf(mail?.headers?.['list-unsubscribe']);
      expect(mail?.text).toContain(url);
      expect(mail?.html).toContain(url.replaceAll('&', '&amp;'));
    }
    expect(assigned?.headers?.['list-unsubscribe']).toMatch(/\?token=\d+\.[\w-]{32}>$/);
    expect(overdue?.headers?.['list-unsubscribe']).toMatch(/\?token=overdue\.\d+\.[\w-]{32}>$/);
    expect(overdue?.html).toContain('wyłącz e-maile o zgłoszeniach po terminie');

    const url = linkOf(overdue?.headers?.['list-unsubscribe']);
    const page = await app.inject({ method: 'GET', url });
    expect(page.body).toContain('Wyłącz e-maile o zgłoszeniach po terminie');
    expect((await admin.client.get('/api/profile/staff-notifications')).json()).toEqual({
      new_tickets: 'none',
      assigned_overdue: true,
    });
    const first = await oneClick(app, url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('Nie będziemy już wysyłać e-maili o zgłoszeniach po terminie.');
    const again = await app.inject({ method: 'POST', url, payload: {} });
    expect(again.json()).toEqual({ assigned_overdue: false });
    // Only that choice of that person changed.
    expect((await admin.client.get('/api/profile/staff-notifications')).json()).toEqual({
      new_tickets: 'none',
      assigned_overdue: false,
    });
    expect((await admin.client.get('/api/profile/notifications')).json()).toEqual({ email: true });
    expect((await admin2.client.get('/api/profile/staff-notifications')).json()).toEqual({
      new_tickets: 'digest',
      assigned_overdue: true,
    });
  });

  it('the assignment link turns that person’s ticket e-mails off, as the profile switch that governs it', async () => {
    const w = await world();
    const { app, admin, admin2 } = w;
    const { assigned } = await assignedAndOverdue(w);
    const answer = await oneClick(app, linkOf(assigned?.headers?.['list-unsubscribe']));
    expect(answer.statusCode).toBe(200);
    expect((await admin.client.get('/api/profile/notifications')).json()).toEqual({ email: false });
    expect((await admin2.client.get('/api/profile/notifications')).json()).toEqual({ email: true });
  });

  it('refuses a forged overdue token, another user’s, and tokens of the other lists made into one', async () => {
    const { app, admin, admin2 } = await world();
    const mine = unsubscribeToken(app.deps.config, admin.user.id, 'staff-overdue');
    const digest = unsubscribeToken(app.deps.config, admin.user.id, 'staff-digest');
    const ticketMail = unsubscribeToken(app.deps.config, admin.user.id, 'ticket-mail');
    const mac = (token: string) => token.split('.').at(-1);
    const refused = [
      `overdue.${admin2.user.id}.${mac(mine)}`,
      `overdue.${admin.user.id}.${'A'.repeat(32)}`,
      `overdue.${ticketMail}`,
      `overdue.${admin.user.id}.${mac(digest)}`,
      `digest.${admin.user.id}.${mac(mine)}`,
      mine.slice('overdue.'.length),
      `overdue.digest.${admin.user.id}.${mac(mine)}`,
    ];
    await expectRefused(app, refused);
    for (const who of [admin, admin2]) {
      expect((await who.client.get('/api/profile/staff-notifications')).json()).toEqual({
        new_tickets: 'digest',
        assigned_overdue: true,
      });
      expect((await who.client.get('/api/profile/notifications')).json()).toEqual({ email: true });
    }
  });
});

describe('the overdue mail as the assignee chose', () => {
  it('is not sent when assigned_overdue is off', async () => {
    const { app, clock, alice, admin } = await world();
    await choose(admin.client, 'none', false);
    const { id } = (await createTicket(alice.client, { body: 'Pilne' })).json();
    await admin.client.request('PATCH', `/api/tickets/${id}/assignee`, {
      assignee_id: admin.user.id,
    });
    clock.advance(5 * 60 * MINUTE);
    expect(await checkOverdue(app)).toBe(1);
    await settle();
    expect(mailsTo(admin.user.email).filter((m) => m.subject.includes('po terminie'))).toEqual([]);
  });
});
