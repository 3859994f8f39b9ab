import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, ORIGIN } from '../../../test/helpers';
import {
  createTicket,
  pngImage,
  postMessage,
  ticketsWorld,
  uploadedFiles,
} from '../../../test/tickets-helpers';
import {
  jobs,
  ticketAttachments,
  ticketMessages,
  ticketReads,
  tickets,
} from '../../db/schema/index';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const world = () => ticketsWorld(ctx);

describe('creating tickets and messages', () => {
  it('creates a ticket from its first message, numbering each owner from 1', async () => {
    const { alice, bob } = await world();
    const first = await createTicket(alice.client, { body: '  Dzień dobry, mam problem  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id: expect.any(Number), seq: 1 });
    const second = await createTicket(alice.client, { body: 'Drugie' });
    expect(second.json().seq).toBe(2);
    const other = await createTicket(bob.client, { body: 'Moje pierwsze' });
    expect(other.json().seq).toBe(1);

    const messages = await alice.client.get(`/api/tickets/${first.json().id}/messages`);
    expect(messages.statusCode).toBe(200);
    expect(messages.json().messages).toEqual([
      {
        id: expect.any(Number),
        ticket_id: first.json().id,
        user_id: alice.user.id,
        username: 'Alicja',
        is_admin: false,
        body: 'Dzień dobry, mam problem',
        created_at: expect.any(String),
        files: [],
        internal: false,
        email_sender: null,
      },
    ]);
  });

  it('numbers parallel creations by one owner without gaps or repeats', async () => {
    const { alice } = await world();
    const created = await Promise.all(
      [1, 2, 3, 4].map((i) => createTicket(alice.client, { body: `równolegle ${i}` })),
    );
    expect(created.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(created.map((r) => r.json().seq).sort()).toEqual([1, 2, 3, 4]);
  });

  it('accepts a text-only message as JSON too', async () => {
    const { alice } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Start' })).json();
    const response = await alice.client.post(`/api/tickets/${id}/messages`, { body: '  z JSON  ' });
    expect(response.statusCode).toBe(201);
    expect(response.json().message.body).toBe('z JSON');
    const created = await alice.client.post('/api/tickets', { body: 'Nowe z JSON' });
    expect(created.statusCode).toBe(201);
  });

  it('answers the posted message, listed oldest first with the author and staff flag', async () => {
    const { alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const reply = await postMessage(admin.client, id, { body: 'Odpowiedź' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().message).toMatchObject({
      ticket_id: id,
      user_id: admin.user.id,
      username: 'Obsluga',
      is_admin: true,
      body: 'Odpowiedź',
      files: [],
    });
    await postMessage(alice.client, id, { body: 'Dziękuję' });
    const list = (await alice.client.get(`/api/tickets/${id}/messages`)).json().messages;
    expect(list.map((m: { body: string }) => m.body)).toEqual(['Pytanie', 'Odpowiedź', 'Dziękuję']);
    expect(list.map((m: { is_admin: boolean }) => m.is_admin)).toEqual([false, true, false]);
  });

  it('refuses an empty message and one over 10,000 characters, storing nothing', async () => {
    const { app, alice } = await world();
    for (const body of ['', '   \n\t ', 'x'.repeat(10_001)]) {
      const response = await createTicket(alice.client, { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('validation_failed');
    }
    const ok = await createTicket(alice.client, { body: ` ${'x'.repeat(10_000)} ` });
    expect(ok.statusCode).toBe(201);
    const [row] = await app.deps.db.select({ n: count() }).from(ticketMessages);
    expect(row?.n).toBe(1);
  });

  it('accepts a message with only a file', async () => {
    const { alice } = await world();
    const response = await createTicket(alice.client, {
      files: [{ filename: 'zrzut.png', data: await pngImage() }],
    });
    expect(response.statusCode).toBe(201);
    const [message] = (await alice.client.get(`/api/tickets/${response.json().id}/messages`)).json()
      .messages;
    expect(message.body).toBe('');
    expect(message.files).toHaveLength(1);
  });

  it('needs a session (401) and our own origin (403)', async () => {
    const { app, alice } = await world();
    const { Client } = await import('../../../test/helpers');
    const anonymous = new Client(app);
    expect((await anonymous.get('/api/tickets')).statusCode).toBe(401);
    expect((await createTicket(anonymous, { body: 'x' })).statusCode).toBe(401);
    const foreign = await createTicket(alice.client, {
      body: 'x',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(ORIGIN).toBe('http://localhost:3000');
  });
});

describe('who sees what', () => {
  it("answers 404 for another user's ticket on every call", async () => {
    const { alice, bob } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Prywatne' })).json();
    expect((await bob.client.get(`/api/tickets/${id}/messages`)).statusCode).toBe(404);
    expect((await postMessage(bob.client, id, { body: 'wtrącam się' })).statusCode).toBe(404);
    expect(
      (await bob.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' }))
        .statusCode,
    ).toBe(404);
    expect((await bob.client.request('DELETE', `/api/tickets/${id}`)).statusCode).toBe(404);
    expect((await bob.client.get('/api/tickets')).json().tickets).toEqual([]);
    // A ticket that does not exist looks the same.
    expect((await bob.client.get('/api/tickets/999999/messages')).statusCode).toBe(404);
    expect((await bob.client.get('/api/tickets/abc/messages')).statusCode).toBe(404);
  });

  it('shows admins every ticket with its owner, and lets them write in any', async () => {
    const { alice, bob, admin } = await world();
    const a = (await createTicket(alice.client, { body: 'od Alicji' })).json();
    const b = (await createTicket(bob.client, { body: 'od Bartka' })).json();
    const list = (await admin.client.get('/api/tickets')).json().tickets;
    expect(list.map((t: { id: number; username: string }) => [t.id, t.username])).toEqual([
      [b.id, 'Bartek'],
      [a.id, 'Alicja'],
    ]);
    expect((await postMessage(admin.client, a.id, { body: 'Pomagam' })).statusCode).toBe(201);
  });

  it('ignores a forged is_admin or user_id in a body', async () => {
    const { alice, bob } = await world();
    const { id } = (
      await createTicket(alice.client, {
        body: 'Jestem adminem',
        extra: { is_admin: 'true', user_id: '999', isAdmin: '1' },
      })
    ).json();
    const [message] = (await alice.client.get(`/api/tickets/${id}/messages`)).json().messages;
    expect(message).toMatchObject({ is_admin: false, user_id: alice.user.id });
    const patch = await alice.client.request('PATCH', `/api/tickets/${id}/status`, {
      status: 'closed',
      is_admin: true,
    });
    expect(patch.statusCode).toBe(403);
    // Bob cannot write into Alice's ticket by naming her as the author either.
    const forged = await postMessage(bob.client, id, {
      body: 'x',
      extra: { user_id: String(alice.user.id) },
    });
    expect(forged.statusCode).toBe(404);
  });
});

describe('status and deletion', () => {
  it('lets only admins close and reopen; a closed ticket refuses its owner but not staff', async () => {
    const { alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const own = await alice.client.request('PATCH', `/api/tickets/${id}/status`, {
      status: 'closed',
    });
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toBe('forbidden');

    const close = await admin.client.request('PATCH', `/api/tickets/${id}/status`, {
      status: 'closed',
    });
    expect(close.statusCode).toBe(200);
    expect((await alice.client.get('/api/tickets')).json().tickets[0].status).toBe('closed');

    const refused = await postMessage(alice.client, id, { body: 'Jeszcze jedno' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('ticket_closed');
    expect((await postMessage(admin.client, id, { body: 'Staff może' })).statusCode).toBe(201);

    const bad = await admin.client.request('PATCH', `/api/tickets/${id}/status`, {
      status: 'archived',
    });
    expect(bad.statusCode).toBe(400);
    await admin.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'open' });
    expect((await postMessage(alice.client, id, { body: 'Znowu mogę' })).statusCode).toBe(201);
  });

  it('deletes a ticket with its messages, markers, jobs and files (admins only)', async () => {
    const { app, alice, admin } = await world();
    const { id } = (
      await createTicket(alice.client, {
        body: 'Z plikiem',
        files: [{ filename: 'a.png', data: await pngImage() }],
      })
    ).json();
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    await alice.client.get(`/api/tickets/${id}/messages`);
    expect(uploadedFiles(app).length).toBe(2); // the image and its thumbnail

    expect((await alice.client.request('DELETE', `/api/tickets/${id}`)).statusCode).toBe(403);
    const deleted = await admin.client.request('DELETE', `/api/tickets/${id}`);
    expect(deleted.statusCode).toBe(200);

    const { db } = app.deps;
    for (const table of [tickets, ticketMessages, ticketAttachments, ticketReads, jobs]) {
      const [row] = await db.select({ n: count() }).from(table);
      expect(row?.n).toBe(0);
    }
    expect(uploadedFiles(app)).toEqual([]);
    expect((await alice.client.get(`/api/tickets/${id}/messages`)).statusCode).toBe(404);
    expect((await admin.client.request('DELETE', `/api/tickets/${id}`)).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('puts the most recent activity first and carries the contract fields', async () => {
    const { alice, clock } = await world();
    const one = (await createTicket(alice.client, { body: 'pierwsze' })).json();
    clock.advance(1000);
    const two = (await createTicket(alice.client, { body: 'drugie' })).json();
    clock.advance(1000);
    await postMessage(alice.client, one.id, { body: 'ożywiam pierwsze' });
    const body = (await alice.client.get('/api/tickets')).json();
    expect(body.next_cursor).toBeNull();
    expect(body.tickets.map((t: { id: number }) => t.id)).toEqual([one.id, two.id]);
    expect(body.tickets[0]).toEqual({
      id: one.id,
      seq: 1,
      number: expect.any(Number),
      subject: 'pierwsze',
      username: 'Alicja',
      owner_id: alice.user.id,
      status: 'open',
      awaiting: 'staff',
      awaiting_since: expect.any(String),
      due_at: expect.any(String),
      overdue: false,
      assignee: null,
      unread_count: 0,
      created_at: expect.any(String),
      last_activity_at: expect.any(String),
      last_message_preview: 'ożywiam pierwsze',
    });
  });

  it('counts messages by others after the viewer read marker; reading moves it', async () => {
    const { alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const unread = async (client: typeof alice.client) =>
      (await client.get('/api/tickets')).json().tickets[0].unread_count;
    expect(await unread(alice.client)).toBe(0);
    expect(await unread(admin.client)).toBe(1);
    await postMessage(admin.client, id, { body: 'Raz' });
    await postMessage(admin.client, id, { body: 'Dwa' });
    expect(await unread(alice.client)).toBe(2);
    // Writing in a thread marks everything before one's own message as read.
    expect(await unread(admin.client)).toBe(0);
    await alice.client.get(`/api/tickets/${id}/messages`);
    expect(await unread(alice.client)).toBe(0);
    await postMessage(alice.client, id, { body: 'A jeszcze…' });
    expect(await unread(admin.client)).toBe(1);
    await admin.client.get(`/api/tickets/${id}/messages`);
    expect(await unread(admin.client)).toBe(0);
  });

  it('filters by status and text, and pages with a cursor', async () => {
    const { alice, bob, admin, clock } = await world();
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      clock.advance(1000);
      ids.push(
        (await createTicket(alice.client, { body: `zgłoszenie numer ${i} drukarka` })).json().id,
      );
    }
    clock.advance(1000);
    const bobs = (await createTicket(bob.client, { body: 'Faktura za marzec' })).json();
    await admin.client.request('PATCH', `/api/tickets/${ids[0]}/status`, { status: 'closed' });

    const page1 = (await admin.client.get('/api/tickets?limit=2')).json();
    expect(page1.tickets.map((t: { id: number }) => t.id)).toEqual([bobs.id, ids[4]]);
    const page2 = (
      await admin.client.get(`/api/tickets?limit=2&cursor=${encodeURIComponent(page1.next_cursor)}`)
    ).json();
    expect(page2.tickets.map((t: { id: number }) => t.id)).toEqual([ids[3], ids[2]]);
    const page3 = (
      await admin.client.get(`/api/tickets?limit=2&cursor=${encodeURIComponent(page2.next_cursor)}`)
    ).json();
    expect(page3.tickets.map((t: { id: number }) => t.id)).toEqual([ids[1], ids[0]]);
    expect(page3.next_cursor).toBeNull();

    const closed = (await admin.client.get('/api/tickets?status=closed')).json().tickets;
    expect(closed.map((t: { id: number }) => t.id)).toEqual([ids[0]]);
    const open = (await alice.client.get('/api/tickets?status=open')).json().tickets;
    expect(open).toHaveLength(4);

    const byWord = (await admin.client.get('/api/tickets?q=faktur')).json().tickets;
    expect(byWord.map((t: { id: number }) => t.id)).toEqual([bobs.id]);
    const byUser = (await admin.client.get('/api/tickets?q=bart')).json().tickets;
    expect(byUser.map((t: { id: number }) => t.id)).toEqual([bobs.id]);
    // Alice's search never reaches Bob's ticket.
    expect((await alice.client.get('/api/tickets?q=faktura')).json().tickets).toEqual([]);
    expect((await alice.client.get('/api/tickets?q=drukarka&limit=3')).json().tickets).toHaveLength(
      3,
    );

    expect((await admin.client.get('/api/tickets?cursor=nonsense')).statusCode).toBe(400);
    expect((await admin.client.get('/api/tickets?limit=0')).statusCode).toBe(400);
    expect((await admin.client.get('/api/tickets?status=gone')).statusCode).toBe(400);
  });
});

describe('reads answered from the snapshot cache', () => {
  it('never give one user what was read for another, and show every write at once', async () => {
    const { app, alice, bob, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Tylko moje' })).json();
    const path = `/api/tickets/${id}/messages`;
    // Alice's thread and list are now cached; Bob asks for the same URLs.
    expect((await alice.client.get(path)).statusCode).toBe(200);
    expect((await alice.client.get('/api/tickets')).json().tickets).toHaveLength(1);
    expect((await bob.client.get(path)).statusCode).toBe(404);
    expect((await bob.client.get('/api/tickets')).json().tickets).toEqual([]);

    // A second instance on the same database (no shared bus): its write shows here at once.
    const other = await ctx.app({ clock: app.deps.clock });
    const adminElsewhere = new Client(other);
    adminElsewhere.cookies.set('sid', admin.client.cookies.get('sid') as string);
    await postMessage(adminElsewhere, id, { body: 'Odpowiedź z drugiej instancji' });
    const thread = (await alice.client.get(path)).json().messages;
    expect(thread.map((m: { body: string }) => m.body)).toEqual([
      'Tylko moje',
      'Odpowiedź z drugiej instancji',
    ]);
    // The list read before the write is not answered again either.
    await adminElsewhere.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' });
    expect((await alice.client.get('/api/tickets')).json().tickets[0].status).toBe('closed');
  });

  it('moves the read marker once, not on every read', async () => {
    const { app, alice, admin } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const marker = async () =>
      (
        await app.deps.db
          .select({ id: ticketReads.lastReadMessageId })
          .from(ticketReads)
          .where(eq(ticketReads.userId, admin.user.id))
      )[0]?.id;
    expect(await marker()).toBeUndefined();
    const first = (await admin.client.get(`/api/tickets/${id}/messages`)).json().messages;
    expect(await marker()).toBe(first[0].id);
    // Reading again writes nothing: the marker's row version is the same, and it was
    // not even locked (xmax). Not the cluster-wide snapshot: other test files share
    // the PostgreSQL server in CI, and their transactions move it.
    const rowVersion = async () =>
      JSON.stringify(
        await app.deps.db.execute(
          sql`select xmin::text as xmin, xmax::text as xmax from ticket_reads where user_id = ${admin.user.id}`,
        ),
      );
    const before = await rowVersion();
    await admin.client.get(`/api/tickets/${id}/messages`);
    expect(await rowVersion()).toBe(before);
    const reply = (await postMessage(alice.client, id, { body: 'Jeszcze coś' })).json().message;
    await admin.client.get(`/api/tickets/${id}/messages`);
    expect(await marker()).toBe(reply.id);
  });
});

describe('nothing lost, nothing doubled', () => {
  it('answers a repeated Idempotency-Key with the first result and stores one ticket', async () => {
    const { app, alice } = await world();
    const headers = { 'idempotency-key': 'klik-1' };
    const [a, b] = await Promise.all([
      createTicket(alice.client, { body: 'Podwójny klik', headers }),
      createTicket(alice.client, { body: 'Podwójny klik', headers }),
    ]);
    expect(a.statusCode).toBe(201);
    expect(b.statusCode).toBe(201);
    expect(b.json()).toEqual(a.json());
    const again = await createTicket(alice.client, { body: 'Podwójny klik', headers });
    expect(again.json()).toEqual(a.json());
    const [row] = await app.deps.db.select({ n: count() }).from(tickets);
    expect(row?.n).toBe(1);

    const msgHeaders = { 'idempotency-key': 'wiadomosc-1' };
    const file = { filename: 'a.png', data: await pngImage() };
    const [m1, m2] = await Promise.all([
      postMessage(alice.client, a.json().id, { body: 'Raz', files: [file], headers: msgHeaders }),
      postMessage(alice.client, a.json().id, { body: 'Raz', files: [file], headers: msgHeaders }),
    ]);
    expect(m2.json()).toEqual(m1.json());
    const [messages] = await app.deps.db
      .select({ n: count() })
      .from(ticketMessages)
      .where(eq(ticketMessages.ticketId, a.json().id));
    expect(messages?.n).toBe(2);
    // One image and one thumbnail: the duplicate left no file behind.
    expect(uploadedFiles(app)).toHaveLength(2);
  });

  it('refuses a malformed Idempotency-Key', async () => {
    const { alice } = await world();
    for (const key of ['', 'ą', 'x'.repeat(201), 'ze spacją']) {
      const response = await createTicket(alice.client, {
        body: 'x',
        headers: { 'idempotency-key': key },
      });
      expect(response.statusCode, JSON.stringify(key)).toBe(400);
    }
  });

  it("keeps one user's Idempotency-Key apart from another's", async () => {
    const { alice, bob } = await world();
    const headers = { 'idempotency-key': 'ten-sam' };
    const a = await createTicket(alice.client, { body: 'A', headers });
    const b = await createTicket(bob.client, { body: 'B', headers });
    expect(b.json().id).not.toBe(a.json().id);
  });
});

describe('abuse limits', () => {
  it('allows 10 new tickets an hour per user, then 429 with Retry-After', async () => {
    const { alice, bob, clock } = await world();
    for (let i = 0; i < 10; i++) {
      expect((await createTicket(alice.client, { body: `t${i}` })).statusCode).toBe(201);
    }
    const limited = await createTicket(alice.client, { body: 'za dużo' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await createTicket(bob.client, { body: 'inny użytkownik' })).statusCode).toBe(201);
    clock.advance(60 * 60 * 1000 + 1);
    expect((await createTicket(alice.client, { body: 'po godzinie' })).statusCode).toBe(201);
  });

  it('allows 60 messages a minute per user, then 429', async () => {
    const { alice, clock } = await world();
    const { id } = (await createTicket(alice.client, { body: 'start' })).json();
    for (let i = 1; i < 60; i++) {
      expect((await postMessage(alice.client, id, { body: `m${i}` })).statusCode).toBe(201);
    }
    const limited = await postMessage(alice.client, id, { body: 'za szybko' });
    expect(limited.statusCode).toBe(429);
    clock.advance(60_001);
    expect((await postMessage(alice.client, id, { body: 'już można' })).statusCode).toBe(201);
  });
});
