import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { createTicket, postMessage, quickUser } from '../../../test/tickets-helpers';
import { jobs, ticketMessages } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

/*
 * DESIGN.md §7.2: a customer never learns of an internal note. Here: who may
 * write one, what staff see, the thread and its paging, list preview and
 * activity, whose turn it is, unread counts and markers, and e-mails.
 * notes-never-leak.test.ts sweeps every route a customer reads (the live
 * streams and their replay, the data export and the note's files included).
 */

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
  const colleague = await quickUser(app, { username: 'Kolega', isAdmin: true });
  const { id } = (await createTicket(alice.client, { body: 'Nie działa logowanie' })).json();
  clock.advance(1000);
  return { app, clock, alice, admin, colleague, ticketId: id as number };
}

const note = (client: Parameters<typeof postMessage>[0], ticketId: number, body = 'Notatka') =>
  postMessage(client, ticketId, { body, extra: { internal: 'true' } });

const bodiesOf = (answer: { messages: Array<{ body: string }> }) =>
  answer.messages.map((m) => m.body);

describe('writing an internal note', () => {
  it('is staff only: stored as internal for an admin, 403 for a customer who stores nothing', async () => {
    const { app, alice, admin, ticketId } = await world();
    const written = await note(admin.client, ticketId, 'Klient VIP');
    expect(written.statusCode).toBe(201);
    expect(written.json().message).toMatchObject({ body: 'Klient VIP', internal: true });

    const refused = await note(alice.client, ticketId, 'Udaję notatkę');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden' });
    const stored = await app.deps.db
      .select({ body: ticketMessages.body })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, ticketId));
    expect(stored.map((m) => m.body)).not.toContain('Udaję notatkę');

    const json = await alice.client.request('POST', `/api/tickets/${ticketId}/messages`, {
      body: 'JSON',
      internal: true,
    });
    expect(json.statusCode).toBe(403);
    const bad = await postMessage(admin.client, ticketId, {
      body: 'x',
      extra: { internal: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('a public message says internal: false', async () => {
    const { admin, ticketId } = await world();
    const reply = await postMessage(admin.client, ticketId, { body: 'Odpowiedź' });
    expect(reply.json().message.internal).toBe(false);
  });
});

describe('what the customer never sees', () => {
  it('the thread and its pages hold no note; staff see it marked', async () => {
    const { alice, admin, ticketId, clock } = await world();
    await postMessage(admin.client, ticketId, { body: 'Odpowiedź' });
    clock.advance(1000);
    await note(admin.client, ticketId, 'Tajne 1');
    await note(admin.client, ticketId, 'Tajne 2');

    const customer = (await alice.client.get(`/api/tickets/${ticketId}/messages`)).json();
    expect(bodiesOf(customer)).toEqual(['Nie działa logowanie', 'Odpowiedź']);
    const staff = (await admin.client.get(`/api/tickets/${ticketId}/messages`)).json();
    expect(staff.messages.map((m: { internal: boolean }) => m.internal)).toEqual([
      false,
      false,
      true,
      true,
    ]);

    // Paging by one: the customer's newest page is the public reply, and only one page lies before it.
    const newest = (await alice.client.get(`/api/tickets/${ticketId}/messages?limit=1`)).json();
    expect(bodiesOf(newest)).toEqual(['Odpowiedź']);
    expect(newest.has_more).toBe(true);
    const older = (
      await alice.client.get(
        `/api/tickets/${ticketId}/messages?limit=1&before=${newest.messages[0].id}`,
      )
    ).json();
    expect(bodiesOf(older)).toEqual(['Nie działa logowanie']);
    expect(older.has_more).toBe(false);
  });

  it('the list keeps its preview, activity and whose turn it is', async () => {
    const { alice, admin, ticketId, clock } = await world();
    const before = (await alice.client.get(`/api/tickets/${ticketId}`)).json().ticket;
    clock.advance(5 * MINUTE);
    await note(admin.client, ticketId, 'Sprawdzić fakturę');
    const listed = (await alice.client.get('/api/tickets')).json().tickets[0];
    expect(listed.last_message_preview).toBe('Nie działa logowanie');
    expect(listed.last_activity_at).toBe(before.last_activity_at);
    expect(listed.awaiting).toBe('staff');
    expect(listed.awaiting_since).toBe(before.awaiting_since);
    // A note is no answer: staff still owe one, also in the staff list.
    const staffView = (await admin.client.get('/api/tickets?awaiting=staff')).json().tickets;
    expect(staffView.map((t: { id: number }) => t.id)).toEqual([ticketId]);
  });

  it('unread counts and markers ignore notes for the customer, not for staff', async () => {
    const { alice, admin, colleague, ticketId } = await world();
    await alice.client.get(`/api/tickets/${ticketId}/messages`);
    const written = (await note(admin.client, ticketId)).json().message;
    expect((await alice.client.get('/api/tickets/unread-count')).json()).toEqual({ unread: 0 });
    expect((await alice.client.get('/api/tickets')).json().tickets[0].unread_count).toBe(0);
    expect((await alice.client.get(`/api/tickets/${ticketId}`)).json().ticket.unread_count).toBe(0);
    // The colleague has the customer's message and the note unread.
    expect((await colleague.client.get('/api/tickets/unread-count')).json()).toEqual({
      unread: 2,
    });

    // Naming the note's id as read is refused exactly like an id from another ticket.
    const probe = await alice.client.post(`/api/tickets/${ticketId}/read`, { up_to: written.id });
    expect(probe.statusCode).toBe(400);
    // „Oznacz jako nieprzeczytane” with only a note from the other side: nothing to mark.
    const unread = await alice.client.post(`/api/tickets/${ticketId}/unread`, {});
    expect(unread.json()).toEqual({ unread_count: 0 });
  });

  it('e-mails: no mail for a note, to the customer or to staff; a later reply counts itself only', async () => {
    const { app, clock, alice, admin, colleague, ticketId } = await world();
    await app.deps.db.delete(jobs);
    await note(admin.client, ticketId);
    clock.advance(10 * MINUTE);
    await app.jobs.runDue();
    const mailsTo = (to: string) => ctx.mail.messages.filter((m) => m.to === to);
    expect(mailsTo(alice.user.email)).toHaveLength(0);
    expect(mailsTo(colleague.user.email)).toHaveLength(0);

    await postMessage(admin.client, ticketId, { body: 'Jawna odpowiedź' });
    await note(admin.client, ticketId, 'Po odpowiedzi');
    clock.advance(3 * MINUTE);
    await app.jobs.runDue();
    const [mail] = mailsTo(alice.user.email);
    expect(mail?.text).toContain('czeka 1 nowa wiadomość');
    expect(JSON.stringify(ctx.mail.messages)).not.toContain('Notatka');
  });
});
