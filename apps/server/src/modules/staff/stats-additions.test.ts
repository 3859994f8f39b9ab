import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { createTicket, loginAs, postMessage, quickUser } from '../../../test/tickets-helpers';
import { rowsOf } from '../../db/rows-of';
import { TestClock } from '../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const HOUR = 60 * 60 * 1000;

describe('statistics: satisfaction, resolution and per agent (DESIGN.md §7.9)', () => {
  it('count ratings, resolution percentiles and each agent’s replies, closes and first answers in the window', async () => {
    const clock = new TestClock(Date.parse('2026-03-01T09:00:00Z'));
    const app = await ctx.app({ clock });
    const alice = await quickUser(app, { username: 'Alicja' });
    const anna = await quickUser(app, { username: 'Anna', isAdmin: true });
    const piotr = await quickUser(app, { username: 'Piotr', isAdmin: true });
    /** Sessions do not last nine days: everyone signs in again after the jump. */
    const signInAgain = async () => {
      for (const who of [alice, anna, piotr]) who.client = await loginAs(app, who.user.id);
    };
    const close = (client: typeof anna.client, id: number) =>
      client.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' });
    const assign = (id: number, assigneeId: number) =>
      anna.client.request('PATCH', `/api/tickets/${id}/assignee`, { assignee_id: assigneeId });

    // Before the window (1 March, the window below is 8–10 March): answered, closed and rated.
    const old = (await createTicket(alice.client, { body: 'Dawno' })).json().id;
    clock.advance(HOUR);
    await postMessage(anna.client, old, { body: 'Stara odpowiedź' });
    await close(anna.client, old);
    await alice.client.post(`/api/tickets/${old}/rating`, { score: 'bad' });

    clock.advance(Date.parse('2026-03-10T08:00:00Z') - clock.now().getTime());
    await signInAgain();
    const a = (await createTicket(alice.client, { body: 'A' })).json().id;
    const b = (await createTicket(alice.client, { body: 'B' })).json().id;
    const c = (await createTicket(alice.client, { body: 'C' })).json().id;
    clock.advance(HOUR);
    await postMessage(anna.client, a, { body: 'Anna do A' });
    await postMessage(anna.client, a, { body: 'Anna do A, druga' });
    // A note is not a reply.
    await postMessage(anna.client, a, { body: 'Notatka', extra: { internal: 'true' } });
    clock.advance(2 * HOUR);
    await postMessage(piotr.client, b, { body: 'Piotr do B' });
    await postMessage(anna.client, b, { body: 'Anna do B' });
    await assign(a, anna.user.id);
    await assign(b, piotr.user.id);
    clock.advance(HOUR);
    await close(anna.client, a); // 4 h after creation, assigned to Anna
    clock.advance(4 * HOUR);
    await close(anna.client, b); // 8 h after creation, assigned to Piotr
    await close(piotr.client, c); // 8 h, unassigned
    await alice.client.post(`/api/tickets/${a}/rating`, { score: 'good' });
    await alice.client.post(`/api/tickets/${b}/rating`, { score: 'good' });
    await alice.client.post(`/api/tickets/${c}/rating`, { score: 'neutral' });

    const answer = await anna.client.get('/api/admin/stats?days=3');
    expect(answer.statusCode, answer.body).toBe(200);
    const stats = answer.json();
    expect(stats.satisfaction).toEqual({ good: 2, neutral: 1, bad: 0 });
    expect(stats.resolution_seconds).toEqual({
      p50: 8 * 3600,
      p90: 8 * 3600,
    });
    expect(stats.per_agent).toEqual([
      {
        id: anna.user.id,
        username: 'Anna',
        replies: 3,
        closed: 1,
        first_response_seconds: { p50: 3600 },
        resolution_seconds: { p50: 4 * 3600 },
      },
      {
        id: piotr.user.id,
        username: 'Piotr',
        replies: 1,
        closed: 1,
        first_response_seconds: { p50: 3 * 3600 },
        resolution_seconds: { p50: 8 * 3600 },
      },
    ]);
    // A window reaching back to 1 March counts the old ticket too.
    const month = (await anna.client.get('/api/admin/stats?days=10')).json();
    expect(month.satisfaction).toEqual({ good: 2, neutral: 1, bad: 1 });
    expect(month.per_agent[0]).toMatchObject({ username: 'Anna', replies: 4 });
    // 1 h, 4 h, 8 h, 8 h.
    expect(month.resolution_seconds.p50).toBe(6 * 3600);
  });

  it('credit a first answer to the first staff reply, past notes and customer messages (issue 34)', async () => {
    const clock = new TestClock(Date.parse('2026-03-10T08:00:00Z'));
    const app = await ctx.app({ clock });
    const alice = await quickUser(app, { username: 'Alicja' });
    const anna = await quickUser(app, { username: 'Anna', isAdmin: true });
    const piotr = await quickUser(app, { username: 'Piotr', isAdmin: true });
    const a = (await createTicket(alice.client, { body: 'A' })).json().id;
    const b = (await createTicket(alice.client, { body: 'B' })).json().id;
    clock.advance(HOUR);
    // Notes and the customer's own messages come first: none of them is an answer.
    await postMessage(piotr.client, a, { body: 'Notatka Piotra', extra: { internal: 'true' } });
    await postMessage(alice.client, a, { body: 'Halo?' });
    await postMessage(anna.client, b, { body: 'Notatka Anny', extra: { internal: 'true' } });
    clock.advance(HOUR);
    await postMessage(anna.client, a, { body: 'Anna do A' }); // 2 h
    await postMessage(alice.client, b, { body: 'Halo?' });
    clock.advance(2 * HOUR);
    await postMessage(piotr.client, b, { body: 'Piotr do B' }); // 4 h
    await postMessage(piotr.client, a, { body: 'Piotr do A' });
    await postMessage(anna.client, b, { body: 'Anna do B' });

    const stats = (await anna.client.get('/api/admin/stats?days=1')).json();
    expect(stats.per_agent).toEqual([
      expect.objectContaining({
        username: 'Anna',
        replies: 2,
        first_response_seconds: { p50: 7200 },
      }),
      expect.objectContaining({
        username: 'Piotr',
        replies: 2,
        first_response_seconds: { p50: 14400 },
      }),
    ]);
  });

  it('read staff replies through their own indexes (migration 0025, issue 34)', async () => {
    // Without them the per-agent figures read every message of the period and every
    // message of each ticket up to its first answer: 280 ms instead of 180 ms at
    // 10,000 tickets on PGlite (bench/README.md).
    const rows = await rowsOf<{ indexname: string; indexdef: string }>(
      ctx.database.db,
      sql`select indexname, indexdef from pg_indexes
      where tablename = 'ticket_messages' and indexname like 'ticket_messages_staff_reply%'
      order by indexname`,
    );
    expect(rows.map((r) => r.indexname)).toEqual([
      'ticket_messages_staff_reply_idx',
      'ticket_messages_staff_reply_time_idx',
    ]);
    for (const r of rows) {
      expect(r.indexdef).toMatch(/WHERE \(author_is_admin AND \(NOT internal\)\)/);
    }
  });
});
