import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { createTicket, customersAndTwoStaff, postMessage } from '../../../test/tickets-helpers';
import { users } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

/*
 * The summaries behind the tab counts and statistics (migration 0009) are kept
 * by triggers; whatever happens to tickets, they must equal counting the
 * tickets table, on PGlite and on PostgreSQL, also under parallel writes.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const HOUR = 3_600_000;

async function rows(query: ReturnType<typeof sql>) {
  const result = await ctx.database.db.execute(query);
  return (result as unknown as { rows: unknown[] }).rows;
}

/** The summaries as kept, and as counting the tickets gives them: equal when all is well. */
async function keptAndCounted() {
  const kept = {
    tabs: await rows(sql`select status, awaiting, assignee_id, tickets
      from ticket_tab_counts order by 1, 2, 3`),
    days: await rows(sql`select to_char(day, 'YYYY-MM-DD') as day, created, closed
      from ticket_daily_counts order by 1`),
  };
  const counted = {
    tabs: await rows(sql`select status, coalesce(awaiting, '') as awaiting,
        coalesce(assignee_id, 0) as assignee_id, count(*)::int as tickets
      from tickets group by 1, 2, 3 order by 1, 2, 3`),
    days: await rows(sql`select to_char(day, 'YYYY-MM-DD') as day,
        sum(created)::int as created, sum(closed)::int as closed from (
        select (created_at at time zone 'Europe/Warsaw')::date as day, 1 as created, 0 as closed from tickets
        union all
        select (closed_at at time zone 'Europe/Warsaw')::date, 0, 1 from tickets where closed_at is not null
      ) d group by 1 order by 1`),
  };
  return { kept, counted };
}

async function world() {
  // 23:30 in Warsaw on 28 March 2026, the night summer time starts: the next hour is a new day.
  const clock = new TestClock(Date.parse('2026-03-28T22:30:00Z'));
  const app = await ctx.app({ clock });
  return { app, clock, ...(await customersAndTwoStaff(app)) };
}

describe('the tab and day summaries', () => {
  it('equal counting the tickets through turns, assignment, closing, reopening and deletion', async () => {
    const { app, clock, alice, bob, admin, colleague } = await world();
    const one = (await createTicket(alice.client, { body: 'Pierwsze' })).json().id;
    clock.advance(HOUR);
    const two = (await createTicket(alice.client, { body: 'Drugie' })).json().id;
    const three = (await createTicket(bob.client, { body: 'Trzecie' })).json().id;
    await postMessage(admin.client, one, { body: 'Odpowiedź' });
    await admin.client.request('PATCH', `/api/tickets/${one}/assignee`, {
      assignee_id: colleague.user.id,
    });
    await admin.client.request('PATCH', `/api/tickets/${two}/assignee`, {
      assignee_id: admin.user.id,
    });
    await postMessage(alice.client, one, { body: 'Dziękuję' });
    clock.advance(HOUR);
    await admin.client.request('PATCH', `/api/tickets/${two}/status`, { status: 'closed' });
    await admin.client.request('PATCH', `/api/tickets/${three}/status`, { status: 'closed' });
    clock.advance(HOUR);
    await admin.client.request('PATCH', `/api/tickets/${three}/status`, { status: 'open' });
    await admin.client.request('PATCH', `/api/tickets/${two}/assignee`, { assignee_id: null });
    let state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);
    expect(state.kept.tabs).toEqual([
      // A closed ticket keeps its last turn (shown as none, rules.ts awaitingShown).
      { status: 'closed', awaiting: 'staff', assignee_id: 0, tickets: 1 },
      { status: 'open', awaiting: 'staff', assignee_id: 0, tickets: 1 },
      { status: 'open', awaiting: 'staff', assignee_id: colleague.user.id, tickets: 1 },
    ]);
    // Deleting a customer deletes their tickets (a cascade): the summaries follow.
    await app.deps.db.delete(users).where(eq(users.id, alice.user.id));
    state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);
    expect(state.kept.days).toEqual([{ day: '2026-03-29', created: 1, closed: 0 }]);
  });

  it('stay exact under parallel turns flipping both ways in many tickets (no deadlock, no lost update)', async () => {
    const { alice, bob, admin } = await world();
    const mine = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createTicket(alice.client, { body: `A${i}` })),
    );
    const theirs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createTicket(bob.client, { body: `B${i}` })),
    );
    const ids = [...mine, ...theirs].map((r) => r.json().id as number);
    // Half are answered first, so the next round flips turns in both directions at once.
    await Promise.all(ids.slice(0, 6).map((id) => postMessage(admin.client, id, { body: 'Już' })));
    const round = await Promise.all(
      ids.map((id, i) =>
        i < 6
          ? postMessage(alice.client, id, { body: 'Jeszcze' })
          : postMessage(admin.client, id, { body: 'Odpowiedź' }),
      ),
    );
    expect(round.map((r) => r.statusCode)).toEqual(ids.map(() => 201));
    const state = await keptAndCounted();
    expect(state.kept).toEqual(state.counted);
    expect(state.kept.tabs).toEqual([
      { status: 'open', awaiting: 'customer', assignee_id: 0, tickets: 6 },
      { status: 'open', awaiting: 'staff', assignee_id: 0, tickets: 6 },
    ]);
  });

  it('feed the tab counts and the statistics', async () => {
    const { alice, admin } = await world();
    const one = (await createTicket(alice.client, { body: 'Pierwsze' })).json().id;
    await createTicket(alice.client, { body: 'Drugie' });
    await admin.client.request('PATCH', `/api/tickets/${one}/status`, { status: 'closed' });
    const views = (await admin.client.get('/api/admin/ticket-views')).json().views;
    expect(views).toEqual({
      awaiting_staff: 1,
      awaiting_customer: 0,
      mine: 0,
      unassigned: 1,
      closed: 1,
      all: 2,
      overdue: 0,
      due_soon: 0,
    });
    const stats = (await admin.client.get('/api/admin/stats?days=7')).json();
    expect(stats).toMatchObject({ open: 1, awaiting_staff: 1 });
    // 22:30 UTC on 28 March is 23:30 in Warsaw: the Warsaw day, not the UTC one.
    expect(stats.per_day.at(-1)).toEqual({ date: '2026-03-28', created: 2, closed: 1 });
  });
});
