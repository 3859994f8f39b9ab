import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { createTicket, postMessage, quickUser } from '../../../test/tickets-helpers';
import { users } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const HOUR = 60 * 60 * 1000;

async function world(start = Date.parse('2026-03-10T10:00:00Z')) {
  const clock = new TestClock(start);
  const app = await ctx.app({ clock });
  const alice = await quickUser(app, { username: 'Alicja' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  return { app, clock, alice, admin };
}

describe('saved replies', () => {
  it('are created, listed by title, changed and deleted by staff', async () => {
    const { admin } = await world();
    const created = await admin.client.post('/api/saved-replies', {
      title: '  Powitanie ',
      body: 'Dzień dobry {username}, dziękujemy za zgłoszenie {ticket}.',
    });
    expect(created.statusCode).toBe(201);
    const saved = created.json();
    expect(saved).toEqual({
      id: expect.any(Number),
      title: 'Powitanie',
      body: 'Dzień dobry {username}, dziękujemy za zgłoszenie {ticket}.',
    });
    await admin.client.post('/api/saved-replies', { title: 'Faktura', body: 'W załączniku.' });
    const listed = (await admin.client.get('/api/saved-replies')).json();
    expect(listed.saved_replies.map((r: { title: string }) => r.title)).toEqual([
      'Faktura',
      'Powitanie',
    ]);
    const changed = await admin.client.request('PATCH', `/api/saved-replies/${saved.id}`, {
      body: 'Nowa treść',
    });
    expect(changed.json()).toEqual({ id: saved.id, title: 'Powitanie', body: 'Nowa treść' });
    expect((await admin.client.request('DELETE', `/api/saved-replies/${saved.id}`)).json()).toEqual(
      { ok: true },
    );
    expect(
      (await admin.client.request('DELETE', `/api/saved-replies/${saved.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await admin.client.request('PATCH', `/api/saved-replies/${saved.id}`, { title: 'x' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await admin.client.request('PATCH', '/api/saved-replies/abc', { title: 'x' })).statusCode,
    ).toBe(404);
  });

  it('refuses empty or oversized fields and an empty change', async () => {
    const { admin } = await world();
    const post = (body: unknown) => admin.client.post('/api/saved-replies', body);
    expect((await post({ title: '', body: 'x' })).statusCode).toBe(400);
    expect((await post({ title: 'x'.repeat(121), body: 'x' })).statusCode).toBe(400);
    expect((await post({ title: 'x', body: 'x'.repeat(10_001) })).statusCode).toBe(400);
    expect((await post({ title: 'x'.repeat(120), body: 'x'.repeat(10_000) })).statusCode).toBe(201);
    const { id } = (await post({ title: 'a', body: 'b' })).json();
    expect((await admin.client.request('PATCH', `/api/saved-replies/${id}`, {})).statusCode).toBe(
      400,
    );
  });

  it('are staff only: a customer gets 403 on every call', async () => {
    const { alice, admin } = await world();
    const { id } = (
      await admin.client.post('/api/saved-replies', { title: 'a', body: 'b' })
    ).json();
    expect((await alice.client.get('/api/saved-replies')).statusCode).toBe(403);
    expect(
      (await alice.client.post('/api/saved-replies', { title: 'a', body: 'b' })).statusCode,
    ).toBe(403);
    expect(
      (await alice.client.request('PATCH', `/api/saved-replies/${id}`, { title: 'c' })).statusCode,
    ).toBe(403);
    expect((await alice.client.request('DELETE', `/api/saved-replies/${id}`)).statusCode).toBe(403);
    expect((await admin.client.get('/api/saved-replies')).json().saved_replies).toHaveLength(1);
  });
});

describe('customer panel', () => {
  it('shows the account and its tickets to staff; 403 for customers, 404 for an unknown id', async () => {
    const { app, alice, admin } = await world();
    await app.deps.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, alice.user.id));
    const one = (await createTicket(alice.client, { body: 'Pierwsze' })).json();
    const two = (await createTicket(alice.client, { body: 'Drugie' })).json();
    await admin.client.request('PATCH', `/api/tickets/${one.id}/status`, { status: 'closed' });
    const panel = await admin.client.get(`/api/admin/customers/${alice.user.id}`);
    expect(panel.statusCode).toBe(200);
    expect(panel.json()).toEqual({
      customer: {
        id: alice.user.id,
        username: 'Alicja',
        email: 'alicja@example.com',
        created_at: '2026-03-10T10:00:00.000Z',
        mfa_enabled: true,
        second_factors: { email_codes: true, totp: false, passkeys: 0 },
        email_bouncing: false,
        guest: false,
        name: null,
        tickets: [
          {
            id: two.id,
            seq: 2,
            number: expect.any(Number),
            subject: 'Drugie',
            status: 'open',
            awaiting: 'staff',
          },
          {
            id: one.id,
            seq: 1,
            number: expect.any(Number),
            subject: 'Pierwsze',
            status: 'closed',
            awaiting: null,
          },
        ],
      },
    });
    expect((await alice.client.get(`/api/admin/customers/${alice.user.id}`)).statusCode).toBe(403);
    expect((await admin.client.get('/api/admin/customers/999999')).statusCode).toBe(404);
    expect((await admin.client.get('/api/admin/customers/x1')).statusCode).toBe(404);
  });
});

describe('staff list', () => {
  it('lists every admin by name for the assignment list; 403 for customers', async () => {
    const { app, alice, admin } = await world();
    const other = await quickUser(app, { username: 'Ania', isAdmin: true });
    const listed = await admin.client.get('/api/admin/staff');
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual({
      staff: [
        { id: other.user.id, username: 'Ania' },
        { id: admin.user.id, username: 'Obsluga' },
      ],
    });
    expect((await alice.client.get('/api/admin/staff')).statusCode).toBe(403);
  });
});

describe('statistics', () => {
  it('counts open and waiting tickets, first-response percentiles and every Warsaw day', async () => {
    // 23:30 UTC on 9 March is 00:30 on 10 March in Warsaw.
    const { clock, alice, admin } = await world(Date.parse('2026-03-09T23:30:00Z'));
    const first = (await createTicket(alice.client, { body: 'Pierwsze' })).json();
    clock.advance(HOUR);
    await postMessage(admin.client, first.id, { body: 'Odpowiedź po godzinie' });
    const second = (await createTicket(alice.client, { body: 'Drugie' })).json();
    clock.advance(3 * HOUR);
    await postMessage(admin.client, second.id, { body: 'Odpowiedź po 3 h' });
    await admin.client.request('PATCH', `/api/tickets/${second.id}/status`, { status: 'closed' });
    await createTicket(alice.client, { body: 'Trzecie, czeka' });

    const stats = await admin.client.get('/api/admin/stats?days=3');
    expect(stats.statusCode).toBe(200);
    const body = stats.json();
    expect(body).toMatchObject({ open: 2, awaiting_staff: 1 });
    expect(body.first_response_seconds.p50).toBe(2 * 3600);
    expect(body.first_response_seconds.p90).toBe(Math.round(3600 + 0.9 * 2 * 3600));
    expect(body.per_day).toEqual([
      { date: '2026-03-08', created: 0, closed: 0 },
      { date: '2026-03-09', created: 0, closed: 0 },
      { date: '2026-03-10', created: 3, closed: 1 },
    ]);
    const defaults = (await admin.client.get('/api/admin/stats')).json();
    expect(defaults.per_day).toHaveLength(30);
    expect(defaults.per_day.at(-1)).toEqual({ date: '2026-03-10', created: 3, closed: 1 });
  });

  it('answers null percentiles without answers, refuses bad days and customers', async () => {
    const { alice, admin } = await world();
    const empty = (await admin.client.get('/api/admin/stats?days=1')).json();
    expect(empty).toEqual({
      from: '2026-03-10',
      to: '2026-03-10',
      open: 0,
      awaiting_staff: 0,
      first_response_seconds: { p50: null, p90: null },
      first_response_business_seconds: { p50: null, p90: null },
      per_day: [{ date: '2026-03-10', created: 0, closed: 0 }],
      satisfaction: { good: 0, neutral: 0, bad: 0 },
      resolution_seconds: { p50: null, p90: null },
      resolution_business_seconds: { p50: null, p90: null },
      per_agent: [
        {
          id: admin.user.id,
          username: 'Obsluga',
          replies: 0,
          closed: 0,
          first_response_seconds: { p50: null },
          resolution_seconds: { p50: null },
        },
      ],
    });
    for (const days of ['0', '366', 'x', '1.5']) {
      expect((await admin.client.get(`/api/admin/stats?days=${days}`)).statusCode).toBe(400);
    }
    expect((await admin.client.get('/api/admin/stats?days=365')).json().per_day).toHaveLength(365);
    expect((await alice.client.get('/api/admin/stats')).statusCode).toBe(403);
  });
});
