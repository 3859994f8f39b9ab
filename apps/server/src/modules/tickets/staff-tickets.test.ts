import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { createTicket, customersAndTwoStaff, postMessage } from '../../../test/tickets-helpers';
import { TestClock } from '../../lib/clock';

/* The staff workspace's ticket calls (DESIGN.md §7.2): turn, subject, number, assignee, filters, tab counts. */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const MINUTE = 60_000;

async function world() {
  const clock = new TestClock();
  const app = await ctx.app({ clock });
  return { app, clock, ...(await customersAndTwoStaff(app)) };
}

type Item = { id: number; [key: string]: unknown };
const ids = (answer: { tickets: Item[] }) => answer.tickets.map((t) => t.id);

describe('whose turn it is', () => {
  it('follows the newest public message, keeps the start of a wait, and is null once closed', async () => {
    const { alice, admin, clock } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const opened = (await admin.client.get(`/api/tickets/${id}`)).json().ticket;
    expect(opened).toMatchObject({ awaiting: 'staff', awaiting_since: opened.created_at });
    clock.advance(MINUTE);
    await postMessage(alice.client, id, { body: 'Jeszcze jedno' });
    // The customer has waited since the first unanswered message.
    expect((await admin.client.get(`/api/tickets/${id}`)).json().ticket.awaiting_since).toBe(
      opened.created_at,
    );
    clock.advance(MINUTE);
    const reply = (await postMessage(admin.client, id, { body: 'Odpowiedź' })).json().message;
    const answered = (await alice.client.get(`/api/tickets/${id}`)).json().ticket;
    expect(answered).toMatchObject({ awaiting: 'customer', awaiting_since: reply.created_at });
    await admin.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' });
    const closed = (await alice.client.get(`/api/tickets/${id}`)).json().ticket;
    expect(closed).toMatchObject({ awaiting: null, awaiting_since: null });
  });
});

describe('subject and number', () => {
  it('takes the first line of the first message (120 characters at most) and numbers tickets studio-wide', async () => {
    const { alice, bob } = await world();
    const long = 'ą'.repeat(130);
    const one = (
      await createTicket(alice.client, { body: `\n  Faktura  za   maj \nreszta` })
    ).json();
    const two = (await createTicket(bob.client, { body: long })).json();
    const first = (await alice.client.get(`/api/tickets/${one.id}`)).json().ticket;
    const second = (await bob.client.get(`/api/tickets/${two.id}`)).json().ticket;
    expect(first.subject).toBe('Faktura za maj');
    expect(second.subject).toBe('ą'.repeat(120));
    expect(second.number).toBe(first.number + 1);
    expect([first.seq, second.seq]).toEqual([1, 1]);
  });

  it('is renamed by its owner or staff (1–120 characters); others get 404, a closed ticket refuses its owner', async () => {
    const { alice, bob, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Stary temat' })).json();
    const rename = (client: typeof alice.client, subject: unknown) =>
      client.request('PATCH', `/api/tickets/${id}`, { subject });
    const mine = await rename(alice.client, '  Nowy temat ');
    expect(mine.statusCode).toBe(200);
    expect(mine.json().ticket).toMatchObject({ id, subject: 'Nowy temat' });
    expect((await rename(admin.client, 'Od obsługi')).json().ticket.subject).toBe('Od obsługi');
    expect((await rename(bob.client, 'Cudzy')).statusCode).toBe(404);
    expect((await rename(alice.client, '')).statusCode).toBe(400);
    expect((await rename(alice.client, 'x'.repeat(121))).statusCode).toBe(400);
    expect((await rename(alice.client, 'x'.repeat(120))).statusCode).toBe(200);
    await admin.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' });
    const closed = await rename(alice.client, 'Po zamknięciu');
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ error: 'ticket_closed' });
  });

  it('search finds a ticket by its studio number or by the customer’s seq, with or without #', async () => {
    const { alice, bob, admin } = await world();
    await createTicket(alice.client, { body: 'Pierwsze' });
    const target = (await createTicket(bob.client, { body: 'Drugie' })).json();
    const { number } = (await admin.client.get(`/api/tickets/${target.id}`)).json().ticket;
    for (const q of [`%23${number}`, String(number)]) {
      expect(ids((await admin.client.get(`/api/tickets?q=${q}`)).json())).toEqual([target.id]);
    }
    // Bob's #1 is his seq; staff find both customers' first tickets by it.
    expect((await admin.client.get('/api/tickets?q=%231')).json().tickets).toHaveLength(2);
    // A customer finds only their own ticket by a number.
    expect(ids((await alice.client.get(`/api/tickets?q=${number}`)).json())).toEqual([]);
  });
});

describe('assignment', () => {
  it('assigns to an admin or nobody, shows it in the list, and e-mails someone else assigned', async () => {
    const { app, clock, alice, admin, colleague } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pomocy' })).json();
    const assign = (assignee_id: number | null, client = admin.client) =>
      client.request('PATCH', `/api/tickets/${id}/assignee`, { assignee_id });

    const toColleague = await assign(colleague.user.id);
    expect(toColleague.statusCode).toBe(200);
    expect(toColleague.json()).toEqual({
      id,
      assignee: { id: colleague.user.id, username: 'Kolega' },
    });
    expect((await admin.client.get('/api/tickets')).json().tickets[0].assignee).toEqual({
      id: colleague.user.id,
      username: 'Kolega',
    });
    await app.jobs.runDue();
    const mail = ctx.mail.messages.find((m) => m.to === colleague.user.email);
    expect(mail?.subject).toMatch(/^Przypisano Ci zgłoszenie #\d+$/);
    expect(mail?.text).toContain('„Pomocy”');
    expect(mail?.text).toContain(`/contact?ticket=${id}`);

    // Taking it oneself sends nothing; unassigning answers null.
    ctx.mail.clear();
    expect((await assign(admin.user.id)).json().assignee.id).toBe(admin.user.id);
    clock.advance(10 * MINUTE);
    await app.jobs.runDue();
    // (The admin does get the usual mail about the customer's new ticket.)
    const assigned = ctx.mail.messages.filter((m) => m.subject.startsWith('Przypisano'));
    expect(assigned).toHaveLength(0);
    expect((await assign(null)).json()).toEqual({ id, assignee: null });
  });

  it('refuses a customer as assignee (400), a customer assigning (403), a stranger (404)', async () => {
    const { alice, bob, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pomocy' })).json();
    const bad = await admin.client.request('PATCH', `/api/tickets/${id}/assignee`, {
      assignee_id: bob.user.id,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ path: 'assignee_id', message: 'not_admin' }]);
    const missing = await admin.client.request('PATCH', `/api/tickets/${id}/assignee`, {
      assignee_id: 999_999,
    });
    expect(missing.statusCode).toBe(400);
    const huge = await admin.client.request('PATCH', `/api/tickets/${id}/assignee`, {
      assignee_id: 99_999_999_999,
    });
    expect(huge.statusCode).toBe(400);
    const own = await alice.client.request('PATCH', `/api/tickets/${id}/assignee`, {
      assignee_id: admin.user.id,
    });
    expect(own.statusCode).toBe(403);
    const stranger = await bob.client.request('PATCH', `/api/tickets/${id}/assignee`, {
      assignee_id: admin.user.id,
    });
    expect(stranger.statusCode).toBe(404);
  });
});

describe('staff filters and tab counts', () => {
  async function triage() {
    const w = await world();
    const { alice, bob, admin, colleague, clock } = w;
    const waiting = (await createTicket(alice.client, { body: 'Czekam' })).json().id as number;
    clock.advance(MINUTE);
    const older = (await createTicket(bob.client, { body: 'Czekam dłużej?' })).json().id as number;
    clock.advance(MINUTE);
    const answered = (await createTicket(alice.client, { body: 'Odpowiedziane' })).json()
      .id as number;
    await postMessage(admin.client, answered, { body: 'Odpowiedź' });
    const closed = (await createTicket(bob.client, { body: 'Zamknięte' })).json().id as number;
    await admin.client.request('PATCH', `/api/tickets/${closed}/status`, { status: 'closed' });
    await admin.client.request('PATCH', `/api/tickets/${waiting}/assignee`, {
      assignee_id: admin.user.id,
    });
    await admin.client.request('PATCH', `/api/tickets/${answered}/assignee`, {
      assignee_id: colleague.user.id,
    });
    return { ...w, waiting, older, answered, closed };
  }

  it('filters by turn, assignee and status, and sorts the longest waiting first', async () => {
    const t = await triage();
    const list = async (query: string) =>
      ids((await t.admin.client.get(`/api/tickets?${query}`)).json());
    expect(await list('awaiting=staff&sort=waiting')).toEqual([t.waiting, t.older]);
    expect(await list('awaiting=customer')).toEqual([t.answered]);
    expect(await list('assignee=me')).toEqual([t.waiting]);
    expect(await list(`assignee=${t.colleague.user.id}`)).toEqual([t.answered]);
    expect((await list('assignee=none')).sort()).toEqual([t.older, t.closed].sort());
    expect(await list('status=closed')).toEqual([t.closed]);
    expect(await list('awaiting=staff&q=Alicja')).toEqual([t.waiting]);
    // Pages of the waiting order continue where the last one ended.
    const first = (await t.admin.client.get('/api/tickets?sort=waiting&limit=1')).json();
    expect(ids(first)).toEqual([t.waiting]);
    const next = await t.admin.client.get(
      `/api/tickets?sort=waiting&limit=1&cursor=${first.next_cursor}`,
    );
    expect(ids(next.json())).toEqual([t.older]);
    expect((await t.admin.client.get('/api/tickets?assignee=someone')).statusCode).toBe(400);
    expect(await list('assignee=9999999999')).toEqual([]);
  });

  it('counts each tab with the search applied', async () => {
    const t = await triage();
    const views = await t.admin.client.get('/api/admin/ticket-views');
    expect(views.statusCode).toBe(200);
    expect(views.json()).toEqual({
      views: {
        awaiting_staff: 2,
        awaiting_customer: 1,
        mine: 1,
        unassigned: 1,
        closed: 1,
        all: 4,
        overdue: 0,
        due_soon: 0,
      },
    });
    const searched = (await t.admin.client.get('/api/admin/ticket-views?q=Bartek')).json();
    expect(searched.views).toEqual({
      awaiting_staff: 1,
      awaiting_customer: 0,
      mine: 0,
      unassigned: 1,
      closed: 1,
      all: 2,
      overdue: 0,
      due_soon: 0,
    });
  });

  it('is staff only: a customer gets 403 for the filters and the counts, 401 without a session', async () => {
    const t = await triage();
    for (const query of ['awaiting=staff', 'assignee=me', 'sort=waiting']) {
      expect((await t.alice.client.get(`/api/tickets?${query}`)).statusCode).toBe(403);
    }
    expect((await t.alice.client.get('/api/admin/ticket-views')).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/ticket-views' });
    expect(anonymous.statusCode).toBe(401);
    // The customer's own list is unchanged: their tickets with the new fields.
    const own = (await t.alice.client.get('/api/tickets')).json();
    expect(ids(own).sort()).toEqual([t.waiting, t.answered].sort());
  });
});
