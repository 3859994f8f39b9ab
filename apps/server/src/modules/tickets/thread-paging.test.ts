/**
 * Attacks of review findings 4, 16, 19 and 21 against the real server, and the
 * DESIGN.md §7.2/§7.4/§7.5 calls (paged threads, read state, one ticket,
 * unread total), every answer parsed with the shared contract.
 */
import { MAX_MESSAGES_PER_TICKET } from '@studio/shared/limits';
import {
  TicketAnswerSchema,
  TicketListAnswerSchema,
  TicketThreadAnswerSchema,
  UnreadCountAnswerSchema,
  UnreadTotalAnswerSchema,
} from '@studio/shared/tickets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectContract } from '../../../test/contract';
import { type Client, createTestContext } from '../../../test/helpers';
import { createTicket, postMessage, ticketsWorld } from '../../../test/tickets-helpers';
import { ticketMessages, tickets } from '../../db/schema/index';
import {
  SEARCHES_PER_MINUTE_PER_ADDRESS,
  SEARCHES_PER_MINUTE_PER_USER,
} from './service/search-throttle';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const world = () => ticketsWorld(ctx);
type World = Awaited<ReturnType<typeof world>>;

/** A ticket by `owner` with `extra` more messages written straight into the table (fast). */
async function longTicket(w: World, owner: World['alice'], extra: number, authorIsAdmin = false) {
  const { id } = (await createTicket(owner.client, { body: 'wiadomość 0' })).json();
  const author = authorIsAdmin ? w.admin.user.id : owner.user.id;
  const rows = Array.from({ length: extra }, (_, i) => ({
    ticketId: id as number,
    authorId: author,
    authorIsAdmin,
    body: `wiadomość ${i + 1}`,
    createdAt: w.clock.now(),
  }));
  for (let i = 0; i < rows.length; i += 1000) {
    await w.app.deps.db.insert(ticketMessages).values(rows.slice(i, i + 1000));
  }
  // Written past the service, so the ticket's count (which the service keeps) is set here.
  await w.app.deps.db
    .update(tickets)
    .set({ messageCount: extra + 1 })
    .where(eq(tickets.id, id as number));
  return id as number;
}

const thread = async (client: Client, url: string) => {
  const response = await client.get(url);
  expect(response.statusCode).toBe(200);
  return expectContract(TicketThreadAnswerSchema, response.json());
};
const bodies = (page: { messages: Array<{ body: string }> }) => page.messages.map((m) => m.body);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `wiadomość ${from + i}`);

describe('finding 4: long threads are paged, and a ticket has a cap', () => {
  it('answers a thread of 230 messages in pages of 50 (at most 100), oldest first', async () => {
    const w = await world();
    const id = await longTicket(w, w.alice, 229);
    const newest = await thread(w.alice.client, `/api/tickets/${id}/messages`);
    expect(bodies(newest)).toEqual(range(180, 229));
    expect(newest.has_more).toBe(true);

    const firstId = newest.messages[0]?.id;
    const older = await thread(w.alice.client, `/api/tickets/${id}/messages?before=${firstId}`);
    expect(bodies(older)).toEqual(range(130, 179));

    const big = await thread(w.alice.client, `/api/tickets/${id}/messages?limit=100`);
    expect(big.messages).toHaveLength(100);
    const last = await thread(
      w.alice.client,
      `/api/tickets/${id}/messages?limit=100&before=${big.messages[0]?.id}&mark_read=false`,
    );
    expect(bodies(last)).toEqual(range(30, 129));
    const oldest = await thread(
      w.alice.client,
      `/api/tickets/${id}/messages?limit=100&before=${last.messages[0]?.id}`,
    );
    expect(bodies(oldest)).toEqual(range(0, 29));
    expect(oldest.has_more).toBe(false);

    const tooMany = await w.alice.client.get(`/api/tickets/${id}/messages?limit=101`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toBe('validation_failed');
  });

  it(`takes ${MAX_MESSAGES_PER_TICKET} messages, then 409 ticket_full for everyone`, async () => {
    const w = await world();
    const id = await longTicket(w, w.alice, MAX_MESSAGES_PER_TICKET - 2);
    expect((await postMessage(w.alice.client, id, { body: 'ostatnia' })).statusCode).toBe(201);
    for (const client of [w.alice.client, w.admin.client]) {
      const full = await postMessage(client, id, { body: 'jeszcze jedna' });
      expect(full.statusCode).toBe(409);
      expect(full.json()).toEqual({ error: 'ticket_full' });
    }
    // A new ticket is still possible.
    expect((await createTicket(w.alice.client, { body: 'nowy wątek' })).statusCode).toBe(201);
  });
});

describe('finding 19: malformed paging input is 400 validation_failed, never 500', () => {
  const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it('refuses odd cursors on the list', async () => {
    const w = await world();
    await createTicket(w.alice.client, { body: 'x' });
    const cursors = [
      cursorOf(['2020-01-01T00:00:00.000Z', 3_000_000_000]),
      cursorOf(['1', 1]),
      cursorOf(['0000-01-01T00:00:00.000Z', 1]),
      cursorOf(['+275760-09-13T00:00:00.000Z', 1]),
      cursorOf(['2020-02-30T00:00:00.000Z', 1]),
      cursorOf(['2020-01-01T00:00:00.000Z', 1.5]),
      cursorOf({ at: 1 }),
      '%%%',
      'bm90IGpzb24',
    ];
    for (const cursor of cursors) {
      const response = await w.alice.client.get(
        `/api/tickets?cursor=${encodeURIComponent(cursor)}`,
      );
      expect([cursor, response.statusCode, response.json().error]).toEqual([
        cursor,
        400,
        'validation_failed',
      ]);
    }
    const good = cursorOf(['2020-01-01T00:00:00.000Z', 1]);
    expect((await w.alice.client.get(`/api/tickets?cursor=${good}`)).statusCode).toBe(200);
  });

  it('refuses odd before, limit and mark_read on a thread', async () => {
    const w = await world();
    const { id } = (await createTicket(w.alice.client, { body: 'x' })).json();
    const queries = [
      'before=abc',
      'before=1e3',
      'before=-1',
      'before=0',
      'before=99999999999999999999',
      'before=9007199254740993',
      'limit=0',
      'limit=1e400',
      'limit=',
      'limit=1&limit=2',
      'mark_read=yes',
    ];
    for (const query of queries) {
      const response = await w.alice.client.get(`/api/tickets/${id}/messages?${query}`);
      expect([query, response.statusCode, response.json().error]).toEqual([
        query,
        400,
        'validation_failed',
      ]);
    }
  });
});

describe('finding 21 and §7.5: read state moves only when asked', () => {
  const unreadOf = async (client: Client, id: number) =>
    expectContract(TicketAnswerSchema, (await client.get(`/api/tickets/${id}`)).json()).ticket
      .unread_count;

  it('mark_read=false reads without moving the marker; POST read/unread move it', async () => {
    const w = await world();
    const { id } = (await createTicket(w.alice.client, { body: 'Pytanie' })).json();
    const first = (await postMessage(w.admin.client, id, { body: 'Odpowiedź 1' })).json().message;
    const second = (await postMessage(w.admin.client, id, { body: 'Odpowiedź 2' })).json().message;

    await thread(w.alice.client, `/api/tickets/${id}/messages?mark_read=false`);
    expect(await unreadOf(w.alice.client, id)).toBe(2);

    const read = await w.alice.client.post(`/api/tickets/${id}/read`, { up_to: first.id });
    expect(expectContract(UnreadCountAnswerSchema, read.json())).toEqual({ unread_count: 1 });
    // Never backwards.
    const { id: question } = (
      await thread(w.alice.client, `/api/tickets/${id}/messages?mark_read=false`)
    ).messages[0] ?? { id: 0 };
    const back = await w.alice.client.post(`/api/tickets/${id}/read`, { up_to: question });
    expect(back.json()).toEqual({ unread_count: 1 });
    const all = await w.alice.client.post(`/api/tickets/${id}/read`, { up_to: second.id });
    expect(all.json()).toEqual({ unread_count: 0 });

    const unread = await w.alice.client.post(`/api/tickets/${id}/unread`);
    expect(expectContract(UnreadCountAnswerSchema, unread.json())).toEqual({ unread_count: 1 });
    expect(await unreadOf(w.alice.client, id)).toBe(1);

    // Without the query the GET still marks read (compatibility, DESIGN.md §7.5).
    await thread(w.alice.client, `/api/tickets/${id}/messages`);
    expect(await unreadOf(w.alice.client, id)).toBe(0);
  });

  it('refuses a marker past the thread, other tickets, strangers and foreign origins', async () => {
    const w = await world();
    const { id } = (await createTicket(w.alice.client, { body: 'Pytanie' })).json();
    await postMessage(w.admin.client, id, { body: 'Odpowiedź' });
    const other = (await createTicket(w.alice.client, { body: 'Inny' })).json().id;
    const foreign = (await thread(w.alice.client, `/api/tickets/${other}/messages`)).messages[0];

    for (const body of [{ up_to: 999_999 }, { up_to: foreign?.id }, { up_to: '1' }, {}]) {
      const response = await w.alice.client.post(`/api/tickets/${id}/read`, body);
      expect([body, response.statusCode, response.json().error]).toEqual([
        body,
        400,
        'validation_failed',
      ]);
    }
    expect(await unreadOf(w.alice.client, id)).toBe(1);

    for (const path of ['read', 'unread']) {
      const stranger = await w.bob.client.post(`/api/tickets/${id}/${path}`, { up_to: 1 });
      expect(stranger.statusCode).toBe(404);
      const crossSite = await w.alice.client.post(
        `/api/tickets/${id}/${path}`,
        { up_to: 1 },
        { origin: 'https://evil.example' },
      );
      expect(crossSite.statusCode).toBe(403);
    }
    expect((await w.bob.client.get(`/api/tickets/${id}`)).statusCode).toBe(404);
    expect((await w.bob.client.get('/api/tickets/99999')).statusCode).toBe(404);
  });

  it('GET /api/tickets/:id is the list item; unread-count sums every ticket', async () => {
    const w = await world();
    const a = (await createTicket(w.alice.client, { body: 'Pierwszy' })).json().id;
    const b = (await createTicket(w.alice.client, { body: 'Drugi' })).json().id;
    await postMessage(w.admin.client, a, { body: 'Odpowiedź A' });
    await postMessage(w.admin.client, b, { body: 'Odpowiedź B1' });
    await postMessage(w.admin.client, b, { body: 'Odpowiedź B2' });
    await createTicket(w.bob.client, { body: 'Bartek pyta' });

    const list = expectContract(
      TicketListAnswerSchema,
      (await w.alice.client.get('/api/tickets')).json(),
    );
    const one = expectContract(
      TicketAnswerSchema,
      (await w.alice.client.get(`/api/tickets/${b}`)).json(),
    );
    const { rating, ...item } = one.ticket;
    expect(rating).toBeNull();
    expect(item).toEqual(list.tickets.find((t) => t.id === b));

    const total = async (client: Client) =>
      expectContract(
        UnreadTotalAnswerSchema,
        (await client.get('/api/tickets/unread-count')).json(),
      ).unread;
    expect(await total(w.alice.client)).toBe(3);
    expect(await total(w.bob.client)).toBe(0);
    // Staff: Bartek's question; Alicja's were read by answering them (one's own reply marks read).
    expect(await total(w.admin.client)).toBe(1);
    await thread(w.alice.client, `/api/tickets/${b}/messages`);
    expect(await total(w.alice.client)).toBe(1);
  });
});

describe('finding 16: search is throttled per user and per address', () => {
  it('allows 120 searches a minute per user and 240 per address, then 429 with Retry-After', async () => {
    const w = await world();
    await createTicket(w.alice.client, { body: 'drukarka nie działa' });
    for (let i = 0; i < SEARCHES_PER_MINUTE_PER_USER; i++) {
      const response = await w.alice.client.get(`/api/tickets?q=druk${i}`);
      expect(response.statusCode).toBe(200);
    }
    const limited = await w.alice.client.get('/api/tickets?q=drukarka');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Listing without q is not a search.
    expect((await w.alice.client.get('/api/tickets')).statusCode).toBe(200);

    // The same address (every test client is 127.0.0.1): Bartek has the rest, then the address is spent.
    const rest = SEARCHES_PER_MINUTE_PER_ADDRESS - SEARCHES_PER_MINUTE_PER_USER;
    for (let i = 0; i < rest; i++) {
      expect((await w.bob.client.get(`/api/tickets?q=slowo${i}`)).statusCode).toBe(200);
    }
    expect((await w.admin.client.get('/api/tickets?q=drukarka')).statusCode).toBe(429);

    w.clock.advance(61_000);
    const again = await w.alice.client.get('/api/tickets?q=drukarka');
    expect(expectContract(TicketListAnswerSchema, again.json()).tickets).toHaveLength(1);
  });
});
