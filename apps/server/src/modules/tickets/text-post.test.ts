import { MAX_MESSAGES_PER_TICKET } from '@studio/shared/limits';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, createTestContext } from '../../../test/helpers';
import { createTicket, pngImage, postMessage, ticketsWorld } from '../../../test/tickets-helpers';
import { rowsOf } from '../../db/rows-of';
import { jobs, ticketEvents, ticketReads, tickets } from '../../db/schema/index';

// A text post sent as JSON takes its own path (post-message.ts, `inHand`): the
// ticket is read once, under its lock, and the rate limit is taken in the same
// transaction. These tests hold it to what the upload path answers and writes.
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const world = () => ticketsWorld(ctx);

const postJson = (client: Client, ticketId: number, body: unknown, headers = {}) =>
  client.post(`/api/tickets/${ticketId}/messages`, body, headers);

describe('a text post sent as JSON', () => {
  it("writes the message's rows: activity, preview, turn, read marker, e-mail jobs, event", async () => {
    const { app, alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Start' })).json();
    const answer = await postJson(admin.client, id, { body: 'Odpowiedź obsługi' });
    expect(answer.statusCode).toBe(201);
    const messageId: number = answer.json().message.id;
    expect(answer.json().message).toMatchObject({ body: 'Odpowiedź obsługi', is_admin: true });
    const { db } = app.deps;
    const [ticket] = await db.select().from(tickets).where(eq(tickets.id, id));
    expect(ticket?.lastMessagePreview).toBe('Odpowiedź obsługi');
    expect(ticket?.awaiting).toBe('customer');
    expect(ticket?.firstResponseAt).not.toBeNull();
    const [marker] = await db
      .select()
      .from(ticketReads)
      .where(and(eq(ticketReads.ticketId, id), eq(ticketReads.userId, admin.user.id)));
    expect(marker?.lastReadMessageId).toBe(messageId);
    const mail = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `ticket-mail:${id}:${alice.user.id}`));
    expect(mail).toHaveLength(1);
    const [event] = await db
      .select()
      .from(ticketEvents)
      .where(and(eq(ticketEvents.ticketId, id), eq(ticketEvents.type, 'message')))
      .orderBy(sql`${ticketEvents.id} desc`)
      .limit(1);
    expect(event?.payload).toEqual({ message_id: messageId });

    // The customer's next message queues one job per admin and bumps the waiting one.
    expect((await postJson(alice.client, id, { body: 'Dziękuję' })).statusCode).toBe(201);
    const [again] = await db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `ticket-mail:${id}:${admin.user.id}`));
    expect(again?.version).toBeGreaterThan(0);
  });

  it("keeps the ticket's message count with every message, notes and uploads included", async () => {
    const { app, alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Start' })).json();
    expect((await postJson(admin.client, id, { body: 'Odpowiedź' })).statusCode).toBe(201);
    expect((await postJson(admin.client, id, { body: 'Notatka', internal: true })).statusCode).toBe(
      201,
    );
    const upload = await postMessage(alice.client, id, {
      body: 'Z pliku',
      files: [{ filename: 'zdjecie.png', data: await pngImage(), type: 'image/png' }],
    });
    expect(upload.statusCode).toBe(201);
    const { db } = app.deps;
    const [row] = await rowsOf<{ kept: number; real: number }>(
      db,
      sql`select t.message_count as kept, (select count(*)::int from ticket_messages m
            where m.ticket_id = t.id) as real from tickets t where t.id = ${id}`,
    );
    expect(row).toEqual({ kept: 4, real: 4 });
  });

  it('answers 404, 403 and 409 before the message limit, and those do not count against it', async () => {
    const { app, clock, alice, bob, admin } = await world();
    const own = (await createTicket(alice.client, { body: 'start' })).json().id as number;
    const bobs = (await createTicket(bob.client, { body: 'Boba' })).json().id as number;
    const closed = (await createTicket(alice.client, { body: 'zamknięte' })).json().id as number;
    expect(
      (await admin.client.request('PATCH', `/api/tickets/${closed}/status`, { status: 'closed' }))
        .statusCode,
    ).toBe(200);
    const full = (await createTicket(alice.client, { body: 'pełne' })).json().id as number;
    await app.deps.db.execute(sql`insert into ticket_messages (ticket_id, author_id, author_is_admin, body, created_at)
      select ${full}, ${alice.user.id}, false, 'w' || n, now() from generate_series(2, ${MAX_MESSAGES_PER_TICKET}) n`);
    // Written past the service, so the ticket's count (which the service keeps) is set here.
    await app.deps.db.execute(
      sql`update tickets set message_count = ${MAX_MESSAGES_PER_TICKET} where id = ${full}`,
    );

    for (let i = 0; i < 3; i++) {
      expect((await postJson(alice.client, bobs, { body: 'cudze' })).statusCode).toBe(404);
      const refused = await postJson(alice.client, closed, { body: 'po zamknięciu' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'ticket_closed' });
      const tooLong = await postJson(alice.client, full, { body: 'jeszcze' });
      expect(tooLong.statusCode).toBe(409);
      expect(tooLong.json()).toEqual({ error: 'ticket_full' });
    }
    expect((await postJson(alice.client, 999_999, { body: 'nie ma' })).statusCode).toBe(404);
    // The three tickets' first messages count; none of the refusals did.
    for (let i = 4; i <= 60; i++) {
      expect((await postJson(alice.client, own, { body: `m${i}` })).statusCode).toBe(201);
    }
    expect((await postJson(alice.client, bobs, { body: 'cudze' })).statusCode).toBe(404);
    expect((await postJson(alice.client, own, { body: 'za szybko' })).statusCode).toBe(429);
    // The limit comes before the body is checked, as for an upload.
    expect((await postJson(alice.client, own, { body: '   ' })).statusCode).toBe(429);
    clock.advance(60_001);
    const empty = await postJson(alice.client, own, { body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('validation_failed');
    const note = await postJson(alice.client, own, { body: 'notatka', internal: true });
    expect(note.statusCode).toBe(403);
  });

  it('answers a repeated Idempotency-Key with the first message, stored once', async () => {
    const { app, alice } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Start' })).json();
    const headers = { 'idempotency-key': 'raz-tylko' };
    const first = await postJson(alice.client, id, { body: 'Tylko raz' }, headers);
    const second = await postJson(alice.client, id, { body: 'Tylko raz' }, headers);
    expect(first.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const [row] = await app.deps.db
      .execute(
        sql`select count(*)::int as n from ticket_messages where ticket_id = ${id} and body = 'Tylko raz'`,
      )
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(row?.n).toBe(1);
  });
});
