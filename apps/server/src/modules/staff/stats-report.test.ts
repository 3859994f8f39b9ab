import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext } from '../../../test/helpers';
import { createTicket, loginAs, postMessage, quickUser } from '../../../test/tickets-helpers';
import { TestClock } from '../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

/** Warsaw is UTC+1 in early March 2026; 6 March is a Friday, 9 March a Monday. */
const at = (iso: string) => Date.parse(iso);

async function world(start = at('2026-03-06T15:30:00Z')) {
  const clock = new TestClock(start);
  const app = await ctx.app({ clock });
  const alice = await quickUser(app, { username: 'Alicja' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  /** Moves the clock to an instant and signs everyone in again (sessions do not outlive days). */
  const jump = async (iso: string) => {
    clock.advance(at(iso) - clock.now().getTime());
    alice.client = await loginAs(app, alice.user.id);
    admin.client = await loginAs(app, admin.user.id);
  };
  return { app, clock, alice, admin, jump };
}

describe('reports: the period (from/to or days)', () => {
  it('counts a custom range of Warsaw days, both ends included, and leaves out what is outside', async () => {
    const { alice, admin, jump } = await world(at('2026-03-02T10:00:00Z'));
    await createTicket(alice.client, { body: 'Przed zakresem' });
    await jump('2026-03-04T10:00:00Z');
    await createTicket(alice.client, { body: 'W zakresie' });
    await jump('2026-03-05T22:30:00Z'); // 23:30 on 5 March in Warsaw: still in the range
    await createTicket(alice.client, { body: 'Na końcu zakresu' });
    await jump('2026-03-05T23:30:00Z'); // 00:30 on 6 March in Warsaw: after it
    await createTicket(alice.client, { body: 'Po zakresie' });

    const answer = await admin.client.get('/api/admin/stats?from=2026-03-03&to=2026-03-05');
    expect(answer.statusCode, answer.body).toBe(200);
    const stats = answer.json();
    expect(stats).toMatchObject({ from: '2026-03-03', to: '2026-03-05', open: 4 });
    expect(stats.per_day).toEqual([
      { date: '2026-03-03', created: 0, closed: 0 },
      { date: '2026-03-04', created: 1, closed: 0 },
      { date: '2026-03-05', created: 1, closed: 0 },
    ]);
    // days=N still names the last N days, today (6 March in Warsaw) included.
    const days = (await admin.client.get('/api/admin/stats?days=2')).json();
    expect([days.from, days.to]).toEqual(['2026-03-05', '2026-03-06']);
    const year = await admin.client.get('/api/admin/stats?from=2025-03-06&to=2026-03-06');
    expect(year.json().per_day).toHaveLength(366);
  });

  it('refuses a half, broken, inverted or too long range, and days beside a range', async () => {
    const { admin } = await world();
    for (const query of [
      'from=2026-03-01',
      'to=2026-03-01',
      'from=2026-02-30&to=2026-03-01',
      'from=1.3.2026&to=2026-03-05',
      'from=2026-03-05&to=2026-03-04',
      'from=2025-03-05&to=2026-03-06',
      'days=7&from=2026-03-01&to=2026-03-05',
    ]) {
      const answer = await admin.client.get(`/api/admin/stats?${query}`);
      expect({ query, status: answer.statusCode }).toEqual({ query, status: 400 });
      expect(answer.json().error).toBe('validation_failed');
      const csv = await admin.client.get(`/api/admin/stats.csv?${query}`);
      expect({ query, status: csv.statusCode }).toEqual({ query, status: 400 });
    }
    const inverted = await admin.client.get('/api/admin/stats?from=2026-03-05&to=2026-03-04');
    expect(JSON.stringify(inverted.json())).toContain(
      'Data końcowa nie może być wcześniejsza niż początkowa.',
    );
  });
});

describe('reports: business hours (Monday to Friday 9–17 by default)', () => {
  it('counts a Friday 16:30 ticket answered Monday 9:30 as one hour, and its close at 12:00 as 3 h 30 min', async () => {
    const { alice, admin, jump } = await world(at('2026-03-06T15:30:00Z')); // Fri 16:30 Warsaw
    const weekend = (await createTicket(alice.client, { body: 'W piątek po południu' })).json().id;
    await jump('2026-03-09T08:30:00Z'); // Mon 9:30
    await postMessage(admin.client, weekend, { body: 'Dzień dobry po weekendzie' });
    // A second ticket inside the hours: 10:00 → 12:00 answered, closed 14:00.
    await jump('2026-03-09T09:00:00Z');
    const weekday = (await createTicket(alice.client, { body: 'W poniedziałek rano' })).json().id;
    await jump('2026-03-09T11:00:00Z');
    await postMessage(admin.client, weekday, { body: 'Odpowiedź w południe' });
    await admin.client.request('PATCH', `/api/tickets/${weekend}/status`, { status: 'closed' });
    await jump('2026-03-09T13:00:00Z');
    await admin.client.request('PATCH', `/api/tickets/${weekday}/status`, { status: 'closed' });

    const stats = (await admin.client.get('/api/admin/stats?from=2026-03-06&to=2026-03-09')).json();
    // Wall clock: 65 h and 2 h; business time: 1 h and 2 h.
    expect(stats.first_response_seconds).toEqual({
      p50: (2 + 65) * 1800,
      p90: Math.round(2 * 3600 + 0.9 * 63 * 3600),
    });
    expect(stats.first_response_business_seconds).toEqual({
      p50: 1.5 * 3600,
      p90: Math.round(3600 + 0.9 * 3600),
    });
    // Closed: the weekend ticket at Mon 12:00 (business 0.5 + 3 h), the other at 14:00 (4 h).
    expect(stats.resolution_business_seconds).toEqual({
      p50: 3.75 * 3600,
      p90: Math.round(3.5 * 3600 + 0.9 * 0.5 * 3600),
    });
    expect(stats.resolution_seconds.p50).toBe(Math.round(((67.5 + 4) / 2) * 3600));
    expect(stats.per_agent).toEqual([
      expect.objectContaining({
        username: 'Obsluga',
        replies: 2,
        closed: 0,
        resolution_seconds: { p50: null },
      }),
    ]);
  });

  it('skips Polish public holidays and the studio’s own days off, and follows saved hours', async () => {
    // 1 May 2026 (Friday) is a public holiday; 4 May is made a day off; hours 8–16.
    const { admin, alice, jump } = await world(at('2026-04-30T13:00:00Z')); // Thu 15:00 (UTC+2)
    const saved = await admin.client.request('PUT', '/api/admin/business-hours', {
      timezone: 'Europe/Warsaw',
      days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: '08:00', close: '16:00' })),
      holidays: ['2026-05-04'],
      first_response_minutes: 240,
      next_response_minutes: 480,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const id = (await createTicket(alice.client, { body: 'Przed majówką' })).json().id;
    await jump('2026-05-05T07:00:00Z'); // Tue 9:00
    await postMessage(admin.client, id, { body: 'Po majówce' });
    const stats = (await admin.client.get('/api/admin/stats?from=2026-04-30&to=2026-05-05')).json();
    // Thursday 15:00–16:00 and Tuesday 8:00–9:00.
    expect(stats.first_response_business_seconds).toEqual({ p50: 7200, p90: 7200 });
    expect(stats.resolution_business_seconds).toEqual({ p50: null, p90: null });
  });
});

describe('reports: business hours across the change to summer time', () => {
  it('counts Friday 16:00 (UTC+1) to Monday 10:00 (UTC+2) as two open hours', async () => {
    const { alice, admin, jump } = await world(at('2026-03-27T15:00:00Z'));
    const id = (await createTicket(alice.client, { body: 'Przed zmianą czasu' })).json().id;
    await jump('2026-03-30T08:00:00Z');
    await postMessage(admin.client, id, { body: 'Po zmianie czasu' });
    const stats = (await admin.client.get('/api/admin/stats?from=2026-03-27&to=2026-03-30')).json();
    expect(stats.first_response_business_seconds).toEqual({ p50: 7200, p90: 7200 });
    expect(stats.first_response_seconds.p50).toBe(65 * 3600);
  });
});

describe('reports: CSV', () => {
  it('answers the days, a blank line and the team, semicolon-separated with a BOM, formulas defused', async () => {
    const { app, alice, admin, jump } = await world(at('2026-03-09T09:00:00Z'));
    const sneaky = await quickUser(app, { username: '=HYPERLINK("x";"y")', isAdmin: true });
    const id = (await createTicket(alice.client, { body: 'Do CSV' })).json().id;
    await jump('2026-03-09T10:00:00Z');
    await postMessage(sneaky.client, id, { body: 'Odpowiedź' });
    await sneaky.client.request('PATCH', `/api/tickets/${id}/assignee`, {
      assignee_id: sneaky.user.id,
    });
    await sneaky.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' });

    const answer = await admin.client.get('/api/admin/stats.csv?from=2026-03-08&to=2026-03-09');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toBe(
      'attachment; filename="raport-2026-03-08-2026-03-09.csv"',
    );
    const bytes = answer.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(answer.body.slice(1).split('\r\n')).toEqual([
      'data;utworzone;zamknięte',
      '2026-03-08;0;0',
      '2026-03-09;1;1',
      '',
      'osoba;odpowiedzi;zamknięte;pierwsza odpowiedź – mediana (s);rozwiązanie – mediana (s)',
      `"'=HYPERLINK(""x"";""y"")";1;1;3600;3600`,
      'Obsluga;0;0;;',
      '',
    ]);
    const days = await admin.client.get('/api/admin/stats.csv?days=7');
    expect(days.headers['content-disposition']).toBe(
      'attachment; filename="raport-2026-03-03-2026-03-09.csv"',
    );
  });

  it('is for staff only: 403 for a customer, 401 without a session', async () => {
    const { app, alice } = await world();
    const refused = await alice.client.get('/api/admin/stats.csv?days=7');
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-type']).toContain('application/json');
    expect(
      (await alice.client.get('/api/admin/stats?from=2026-03-01&to=2026-03-02')).statusCode,
    ).toBe(403);
    expect((await new Client(app).get('/api/admin/stats.csv')).statusCode).toBe(401);
  });
});
