import { DEFAULT_BUSINESS_HOURS } from '@studio/shared/business-hours';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { mailTitled, settle } from '../../../test/mail-helpers';
import { createTicket, customersAndTwoStaff, postMessage } from '../../../test/tickets-helpers';
import { securityLog } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { checkOverdue, queueOverdueMails } from './index';

/* Business hours and response targets (DESIGN.md §7.9): settings, due times, filters, the overdue mail. */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** Wednesday 25 November 2026, 10:00 in Warsaw (CET, UTC+1). */
const WEDNESDAY_10 = Date.UTC(2026, 10, 25, 9);

async function world(start = WEDNESDAY_10) {
  const clock = new TestClock(start);
  const app = await ctx.app({ clock });
  return { app, clock, ...(await customersAndTwoStaff(app)) };
}

const HOURS = {
  timezone: 'Europe/Warsaw',
  days: [
    { weekday: 2, open: '08:00', close: '16:00' },
    { weekday: 1, open: '08:00', close: '16:00' },
    { weekday: 3, open: '08:00', close: '16:00' },
  ],
  holidays: ['2026-12-31', '2026-12-30'],
  first_response_minutes: 60,
  next_response_minutes: 120,
};

describe('GET|PUT /api/admin/business-hours', () => {
  it('answers the defaults until an admin saves hours: Warsaw, Monday–Friday 9–17, 240 and 480 minutes', async () => {
    const { admin } = await world();
    const answer = await admin.client.get('/api/admin/business-hours');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual(DEFAULT_BUSINESS_HOURS);
  });

  it('stores valid hours in order, answers them again and logs who changed them', async () => {
    const { admin } = await world();
    const saved = await admin.client.request('PUT', '/api/admin/business-hours', HOURS);
    expect(saved.statusCode).toBe(200);
    const expected = {
      ...HOURS,
      days: [1, 2, 3].map((weekday) => ({ weekday, open: '08:00', close: '16:00' })),
      holidays: ['2026-12-30', '2026-12-31'],
    };
    expect(saved.json()).toEqual(expected);
    expect((await admin.client.get('/api/admin/business-hours')).json()).toEqual(expected);
    const logged = await ctx.database.db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'business_hours_changed'));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ userId: admin.user.id });
  });

  it('refuses a customer (403) on both calls and changes nothing', async () => {
    const { alice, admin } = await world();
    expect((await alice.client.get('/api/admin/business-hours')).statusCode).toBe(403);
    const put = await alice.client.request('PUT', '/api/admin/business-hours', HOURS);
    expect(put.statusCode).toBe(403);
    expect((await admin.client.get('/api/admin/business-hours')).json()).toEqual(
      DEFAULT_BUSINESS_HOURS,
    );
  });

  it.each([
    ['an unknown time zone', { timezone: 'Europe/Gdansk' }, 'Nieznana strefa czasowa'],
    ['weekday 0', { days: [{ weekday: 0, open: '09:00', close: '17:00' }] }, 'Dzień tygodnia'],
    ['weekday 8', { days: [{ weekday: 8, open: '09:00', close: '17:00' }] }, 'Dzień tygodnia'],
    [
      'closing before opening',
      { days: [{ weekday: 1, open: '17:00', close: '09:00' }] },
      'wcześniejsza',
    ],
    ['an hour like 24:00', { days: [{ weekday: 1, open: '09:00', close: '24:00' }] }, 'GG:MM'],
    [
      'two intervals on one weekday',
      {
        days: [
          { weekday: 1, open: '08:00', close: '10:00' },
          { weekday: 1, open: '12:00', close: '16:00' },
        ],
      },
      'tylko jeden przedział',
    ],
    ['no open day', { days: [] }, 'co najmniej jeden dzień'],
    ['31 February', { holidays: ['2026-02-31'] }, 'prawdziwą datą'],
    ['zero minutes', { first_response_minutes: 0 }, 'co najmniej 1 minuta'],
    ['more than 30 days', { next_response_minutes: 43_201 }, 'najwyżej 43200'],
    ['a fraction of a minute', { next_response_minutes: 1.5 }, 'pełne minuty'],
  ])('refuses %s with 400 and a Polish message, storing nothing', async (_name, change, words) => {
    const { admin } = await world();
    const answer = await admin.client.request('PUT', '/api/admin/business-hours', {
      ...HOURS,
      ...change,
    });
    expect(answer.statusCode).toBe(400);
    const body = answer.json();
    expect(body.error).toBe('validation_failed');
    expect(body.details.map((d: { message: string }) => d.message).join(' ')).toContain(words);
    expect((await admin.client.get('/api/admin/business-hours')).json()).toEqual(
      DEFAULT_BUSINESS_HOURS,
    );
  });
});

describe('due_at and overdue', () => {
  it('counts the first response target in business hours on list items and {ticket}', async () => {
    const { alice, admin, clock } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie o fakturę' })).json();
    // Wednesday 10:00 + 240 business minutes = 14:00 in Warsaw.
    const due = '2026-11-25T13:00:00.000Z';
    expect((await admin.client.get(`/api/tickets/${id}`)).json().ticket).toMatchObject({
      due_at: due,
      overdue: false,
    });
    clock.advance(4 * HOUR + MINUTE);
    const listed = (await admin.client.get('/api/tickets')).json().tickets;
    expect(listed[0]).toMatchObject({ id, due_at: due, overdue: true });
    expect((await admin.client.get(`/api/tickets/${id}`)).json().ticket.overdue).toBe(true);
  });

  it('starts counting at the next opening for a message written at night before a weekend', async () => {
    // Friday 27 November, 18:00 in Warsaw: Monday 09:00 + 4 h = 13:00.
    const { alice, admin } = await world(Date.UTC(2026, 10, 27, 17));
    const { id } = (await createTicket(alice.client, { body: 'Piątek wieczorem' })).json();
    expect((await admin.client.get(`/api/tickets/${id}`)).json().ticket.due_at).toBe(
      '2026-11-30T12:00:00.000Z',
    );
  });

  it('is null while the customer is awaited and when closed; a new question uses the next response target', async () => {
    const { alice, admin, clock } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    clock.advance(HOUR);
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    expect((await alice.client.get(`/api/tickets/${id}`)).json().ticket).toMatchObject({
      due_at: null,
      overdue: false,
    });
    clock.advance(HOUR);
    // Wednesday 12:00 + 480 business minutes: 5 h today, 3 h on Thursday from 09:00 → 12:00.
    await postMessage(alice.client, id, { body: 'Jeszcze jedno' });
    expect((await admin.client.get(`/api/tickets/${id}`)).json().ticket.due_at).toBe(
      '2026-11-26T11:00:00.000Z',
    );
    await admin.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' });
    expect((await admin.client.get(`/api/tickets/${id}`)).json().ticket).toMatchObject({
      due_at: null,
      overdue: false,
    });
    // Reopened: the customer still waits since their message, so the same promise is back.
    await admin.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'open' });
    expect((await admin.client.get(`/api/tickets/${id}`)).json().ticket.due_at).toBe(
      '2026-11-26T11:00:00.000Z',
    );
  });

  it('is counted again for waiting tickets when the hours change', async () => {
    const { alice, bob, admin } = await world();
    const waiting = (await createTicket(alice.client, { body: 'Czekam' })).json().id;
    const answered = (await createTicket(bob.client, { body: 'Też pytam' })).json().id;
    await postMessage(admin.client, answered, { body: 'Już odpowiadamy' });
    await admin.client.request('PUT', '/api/admin/business-hours', HOURS);
    // Wednesday 10:00 + 60 minutes (the hours 08:00–16:00 now).
    expect((await admin.client.get(`/api/tickets/${waiting}`)).json().ticket.due_at).toBe(
      '2026-11-25T10:00:00.000Z',
    );
    expect((await admin.client.get(`/api/tickets/${answered}`)).json().ticket.due_at).toBeNull();
  });
});

describe('GET /api/tickets?due=', () => {
  it('lists overdue tickets and those due within the hour apart; counts them among the views', async () => {
    const { alice, bob, admin, clock } = await world();
    const early = (await createTicket(alice.client, { body: 'Pierwsze' })).json().id;
    clock.advance(2 * HOUR);
    const later = (await createTicket(bob.client, { body: 'Drugie' })).json().id;
    const answered = (await createTicket(bob.client, { body: 'Trzecie' })).json().id;
    await postMessage(admin.client, answered, { body: 'Odpowiedź' });
    // 14:30: the first (due 14:00) is overdue; the second is due at 16:00 — not within the hour.
    clock.advance(2 * HOUR + 30 * MINUTE);
    const ids = async (due: string) =>
      (await admin.client.get(`/api/tickets?due=${due}`))
        .json()
        .tickets.map((t: { id: number }) => t.id);
    expect(await ids('overdue')).toEqual([early]);
    expect(await ids('soon')).toEqual([]);
    // 15:10: the second is due in 50 minutes.
    clock.advance(40 * MINUTE);
    expect(await ids('soon')).toEqual([later]);
    expect(await ids('overdue')).toEqual([early]);
    const views = (await admin.client.get('/api/admin/ticket-views')).json().views;
    expect(views).toMatchObject({ overdue: 1, due_soon: 1 });
  });

  it('refuses the filter to a customer (403), as every staff filter', async () => {
    const { alice } = await world();
    await createTicket(alice.client, { body: 'Pytanie' });
    const answer = await alice.client.get('/api/tickets?due=overdue');
    expect(answer.statusCode).toBe(403);
    expect((await alice.client.get('/api/tickets?due=later')).statusCode).toBe(400);
  });
});

describe('the overdue e-mail', () => {
  it('goes once to the assignee per waiting, even when two instances check at the same time', async () => {
    const { app, alice, admin, colleague, clock } = await world();
    const second = await ctx.app({ clock });
    const { id } = (await createTicket(alice.client, { body: 'Pilne pytanie' })).json();
    await admin.client.request('PATCH', `/api/tickets/${id}/assignee`, {
      assignee_id: colleague.user.id,
    });
    const number = (await admin.client.get(`/api/tickets/${id}`)).json().ticket.number;
    const subject = `Zgłoszenie #${number} jest po terminie`;
    const overdueMails = () =>
      ctx.mail.messages.filter((m) => m.subject === subject && m.to === colleague.user.email);

    // Not yet due: nothing is claimed.
    expect(await queueOverdueMails(app.deps.db, clock.now())).toBe(0);
    clock.advance(4 * HOUR + MINUTE);
    const queued = await Promise.all([checkOverdue(app), checkOverdue(second), checkOverdue(app)]);
    expect(queued.reduce((a, b) => a + b, 0)).toBe(1);
    const mail = await mailTitled(ctx.mail, colleague.user.email, subject);
    expect(mail.text).toContain('Pilne pytanie');
    expect(mail.text).toContain(`/contact?ticket=${id}`);
    clock.advance(10 * MINUTE);
    expect(await checkOverdue(second)).toBe(0);
    await settle();
    expect(overdueMails()).toHaveLength(1);

    // Answered, then the customer asks again: a new waiting may go overdue and be mailed again.
    await postMessage(colleague.client, id, { body: 'Odpowiedź' });
    await postMessage(alice.client, id, { body: 'Dziękuję, a jeszcze…' });
    clock.advance(2 * 24 * HOUR);
    expect(await checkOverdue(app)).toBe(1);
    await settle();
    expect(overdueMails()).toHaveLength(2);
  });

  it('is not sent for an unassigned ticket', async () => {
    const { app, alice, clock } = await world();
    await createTicket(alice.client, { body: 'Nikt tego nie ma' });
    clock.advance(5 * HOUR);
    expect(await checkOverdue(app)).toBe(0);
  });
});
