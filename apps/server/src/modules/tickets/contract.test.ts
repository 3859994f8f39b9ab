/**
 * The shared tickets contract (@studio/shared/tickets) checked against the
 * wire: real answers of every tickets call, parsed with the schemas the web app
 * uses. Parsing drops unknown keys, so `toEqual` also catches a field the
 * contract does not know.
 */
import {
  CreatedTicketAnswerSchema,
  DeletedTicketAnswerSchema,
  PostedMessageAnswerSchema,
  TicketListAnswerSchema,
  TicketListEventSchema,
  TicketStatusAnswerSchema,
  TicketThreadAnswerSchema,
  TicketThreadEventSchema,
} from '@studio/shared/tickets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectContract } from '../../../test/contract';
import { createTestContext } from '../../../test/helpers';
import {
  createTicket,
  listen,
  openStream,
  pdfFile,
  pngImage,
  postMessage,
  quickUser,
} from '../../../test/tickets-helpers';
import { users } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

describe('the tickets API answers by the shared contract', () => {
  it('create, list, thread, post, status and delete', async () => {
    const app = await ctx.app({ clock: new TestClock() });
    const alice = await quickUser(app, { username: 'Alicja' });
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });

    const created = await createTicket(alice.client, {
      body: 'Dzień dobry',
      files: [
        { filename: 'zrzut.png', data: await pngImage() },
        { filename: 'umowa.pdf', data: pdfFile() },
      ],
    });
    expect(created.statusCode).toBe(201);
    const { id } = expectContract(CreatedTicketAnswerSchema, created.json());
    await createTicket(alice.client, { body: 'Drugie' });

    const page = await alice.client.get('/api/tickets?limit=1');
    const list = expectContract(TicketListAnswerSchema, page.json());
    expect(list.next_cursor).toEqual(expect.any(String));
    const rest = await alice.client.get(`/api/tickets?limit=1&cursor=${list.next_cursor}`);
    expect(expectContract(TicketListAnswerSchema, rest.json()).next_cursor).toBeNull();

    const reply = await postMessage(admin.client, id, { body: 'Odpowiedź' });
    expect(reply.statusCode).toBe(201);
    expectContract(PostedMessageAnswerSchema, reply.json());

    const thread = expectContract(
      TicketThreadAnswerSchema,
      (await alice.client.get(`/api/tickets/${id}/messages`)).json(),
    );
    const [first] = thread.messages;
    expect(first?.files.map((f) => [f.filename, f.isImage, Boolean(f.thumbnailUrl)])).toEqual([
      ['zrzut.png', true, true],
      ['umowa.pdf', false, false],
    ]);
    const staffList = expectContract(
      TicketListAnswerSchema,
      (await admin.client.get('/api/tickets?status=open')).json(),
    );
    expect(staffList.tickets.map((t) => t.last_message_preview)).toEqual(['Drugie', 'Odpowiedź']);

    const closed = await admin.client.request('PATCH', `/api/tickets/${id}/status`, {
      status: 'closed',
    });
    expect(expectContract(TicketStatusAnswerSchema, closed.json())).toEqual({
      id,
      status: 'closed',
    });

    const deleted = await admin.client.request('DELETE', `/api/tickets/${id}`);
    expectContract(DeletedTicketAnswerSchema, deleted.json());
  });

  it('a deleted author still fits the message shape (user_id null)', async () => {
    const app = await ctx.app({ clock: new TestClock() });
    const alice = await quickUser(app, { username: 'Alicja' });
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    await app.deps.db.delete(users).where(eq(users.id, admin.user.id));
    const thread = expectContract(
      TicketThreadAnswerSchema,
      (await alice.client.get(`/api/tickets/${id}/messages`)).json(),
    );
    expect(thread.messages.map((m) => [m.user_id, m.username])).toEqual([
      [alice.user.id, 'Alicja'],
      [null, 'Usunięty użytkownik'],
    ]);
  });

  it('stream events: `ticket` on the list stream, `message` on a thread stream', async () => {
    const app = await ctx.app({ clock: new TestClock() });
    const base = await listen(app);
    const alice = await quickUser(app, { username: 'Alicja' });
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const listStream = await openStream(base, '/api/stream/tickets', alice.client);
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const threadStream = await openStream(base, `/api/stream/tickets/${id}/messages`, alice.client);
    try {
      await postMessage(admin.client, id, { body: 'Odpowiedź' });
      await admin.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' });
      await admin.client.request('DELETE', `/api/tickets/${id}`);
      await listStream.waitFor((e) => e.data.includes('"deleted"'));
      await threadStream.waitFor((e) => e.data.includes('"deleted"'));

      const listEvents = listStream.events.map((e) => {
        expect(e.event).toBe('ticket');
        return expectContract(TicketListEventSchema, JSON.parse(e.data));
      });
      expect(listEvents.map((e) => e.type)).toEqual([
        'created',
        'message',
        'message',
        'status',
        'deleted',
      ]);
      const threadEvents = threadStream.events.map((e) => {
        expect(e.event).toBe('message');
        return expectContract(TicketThreadEventSchema, JSON.parse(e.data));
      });
      expect(threadEvents.map((e) => [e.type, e.status ?? null])).toEqual([
        ['message', null],
        ['status', 'closed'],
        ['deleted', null],
      ]);
    } finally {
      listStream.close();
      threadStream.close();
    }
  });
});
