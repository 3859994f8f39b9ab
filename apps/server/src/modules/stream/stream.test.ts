import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { streamsOfTheTest } from '../../../test/stream-helpers';
import {
  createTicket,
  listen,
  loginAs,
  postMessage,
  quickUser,
} from '../../../test/tickets-helpers';
import { SESSION_CHANNEL } from '../../events/bus';
import { RedisEventBus } from '../../events/redis-bus';
import { TestClock } from '../../lib/clock';
import { fullCollection } from '../../lib/memory-at-rest';
import { TICKETS_CHANNEL } from '../tickets/index';
import { HEARTBEAT_MS, MAX_STREAMS_PER_SESSION } from './hub';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const streams = streamsOfTheTest();

async function world() {
  const app = await ctx.app({ clock: new TestClock() });
  const base = await listen(app);
  const alice = await quickUser(app, { username: 'Alicja' });
  const bob = await quickUser(app, { username: 'Bartek' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  return { app, base, alice, bob, admin, open: streams.on(base) };
}

const data = (e: { data: string }) => JSON.parse(e.data) as Record<string, unknown>;

describe('the list stream', () => {
  it('needs a session: 401 without one', async () => {
    const { open } = await world();
    const stream = await open('/api/stream/tickets', null);
    expect(stream.status).toBe(401);
  });

  it('sends ticket events for created, message, status and deleted to the owner and admins only', async () => {
    const { alice, bob, admin, open } = await world();
    const mine = await open('/api/stream/tickets', alice.client);
    const staff = await open('/api/stream/tickets', admin.client);
    const other = await open('/api/stream/tickets', bob.client);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(mine.headers['cache-control']).toBe('no-cache, no-transform');

    const { id } = (await createTicket(alice.client, { body: 'Nowe' })).json();
    const created = await mine.waitFor((e) => data(e).type === 'created');
    expect(created.event).toBe('ticket');
    expect(data(created)).toEqual({ type: 'created', ticket_id: id });
    await mine.waitFor((e) => data(e).type === 'message' && data(e).ticket_id === id);
    await staff.waitFor((e) => data(e).type === 'created' && data(e).ticket_id === id);

    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    await admin.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' });
    const status = await mine.waitFor((e) => data(e).type === 'status');
    expect(data(status)).toEqual({ type: 'status', ticket_id: id, status: 'closed' });
    await admin.client.request('DELETE', `/api/tickets/${id}`);
    await mine.waitFor((e) => data(e).type === 'deleted');
    await staff.waitFor((e) => data(e).type === 'deleted');

    // Bob's own ticket arrives on his stream, so everything of Alice's would have come before it.
    const bobs = (await createTicket(bob.client, { body: 'Moje' })).json();
    await other.waitFor((e) => data(e).type === 'message' && data(e).ticket_id === bobs.id);
    expect(other.events.every((e) => data(e).ticket_id === bobs.id)).toBe(true);
    // Every event carries an increasing id.
    const ids = mine.events.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('tells clients when to reconnect, with jitter', async () => {
    const { alice, open } = await world();
    const a = await open('/api/stream/tickets', alice.client);
    await createTicket(alice.client, { body: 'x' });
    await a.waitFor(() => true);
    const retry = Number(a.raw.match(/^retry: (\d+)$/m)?.[1]);
    expect(retry).toBeGreaterThanOrEqual(3000);
    expect(retry).toBeLessThan(6000);
  });

  it('replays what a reconnecting client missed after Last-Event-ID', async () => {
    const { alice, bob, admin, open } = await world();
    const first = await open('/api/stream/tickets', alice.client);
    const { id } = (await createTicket(alice.client, { body: 'Pierwsze' })).json();
    const seen = await first.waitFor((e) => data(e).type === 'message');
    first.close();

    // While Alice is away: a reply, a status change, and Bob's ticket she must not see.
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    await createTicket(bob.client, { body: 'Bartka' });
    await admin.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' });

    const again = await open('/api/stream/tickets', alice.client, {
      'last-event-id': seen.id ?? '',
    });
    await again.waitFor((e) => data(e).type === 'status');
    expect(again.events.map((e) => data(e).type)).toEqual(['message', 'status']);
    expect(again.events.every((e) => data(e).ticket_id === id)).toBe(true);
    expect(Number(again.events[0]?.id)).toBeGreaterThan(Number(seen.id));

    // Live events continue after the replay, without repeats.
    await admin.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'open' });
    await again.waitFor((e) => data(e).status === 'open');
    const ids = again.events.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('delivers events that were committed out of id order (none is dropped as "old")', async () => {
    const { app, admin, open } = await world();
    const stream = await open('/api/stream/tickets', admin.client);
    const event = (id: number) => ({ id, type: 'message', ticketId: 7, ownerId: 1, payload: {} });
    // Two transactions: the one holding the higher id committed first.
    await app.deps.bus.publish(TICKETS_CHANNEL, event(502));
    await app.deps.bus.publish(TICKETS_CHANNEL, event(501));
    await stream.waitFor((e) => e.id === '501');
    expect(stream.events.map((e) => e.id)).toEqual(['502', '501']);
  });

  it('allows at most 10 open streams per session (429 for the 11th)', async () => {
    const { alice, open, app } = await world();
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) {
      expect((await open('/api/stream/tickets', alice.client)).status).toBe(200);
    }
    const refused = await open('/api/stream/tickets', alice.client);
    expect(refused.status).toBe(429);
    // Another session of the same user has its own allowance.
    const otherTab = await loginAs(app, alice.user.id);
    expect((await open('/api/stream/tickets', otherTab)).status).toBe(200);
  });

  it('closes streams when their session ends: logout, and password reset for every session', async () => {
    const { app, alice, open } = await world();
    const stream = await open('/api/stream/tickets', alice.client);
    const second = await loginAs(app, alice.user.id);
    const other = await open('/api/stream/tickets', second);
    expect((await alice.client.post('/api/auth/logout')).statusCode).toBe(200);
    await stream.waitForEnd();
    expect(other.ended).toBe(false);
    // What the password-reset route publishes once it has ended the sessions.
    await app.deps.bus.publish(SESSION_CHANNEL, {
      type: 'user-sessions-ended',
      userId: alice.user.id,
    });
    await other.waitForEnd();
  });
});

describe('a closed stream', () => {
  it('leaves nothing behind: its response and socket are collected once the client has gone', async () => {
    // 10,000 streams that closed must not stay reachable from the hub, the
    // session's list or the server (bench/README.md, memory at rest).
    const { app, base, alice, admin } = await world();
    const held: Array<WeakRef<ServerResponse | Socket>> = [];
    const closed: Array<Promise<void>> = [];
    app.server.on('request', (req, res: ServerResponse) => {
      if (!req.url?.startsWith('/api/stream/')) return;
      held.push(new WeakRef(res));
      if (res.socket) held.push(new WeakRef(res.socket));
      closed.push(new Promise((resolve) => res.once('close', () => resolve())));
    });
    const { id } = (await createTicket(alice.client, { body: 'Wątek' })).json();
    const opened = [
      await streams.on(base)('/api/stream/tickets', alice.client),
      await streams.on(base)('/api/stream/tickets', admin.client),
      await streams.on(base)(`/api/stream/tickets/${id}/messages`, alice.client),
    ];
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    for (const stream of opened)
      await stream.waitFor((e) => e.event === 'ticket' || e.event === 'message');
    for (const stream of opened) stream.close();
    await Promise.all(closed);
    expect(held).toHaveLength(6);
    // A WeakRef's target lives until the job that made or read it ends: collect in a later one.
    await new Promise((resolve) => setTimeout(resolve, 10));
    fullCollection()();
    await vi.waitFor(() => {
      fullCollection()();
      expect(held.filter((ref) => ref.deref() !== undefined)).toHaveLength(0);
    });
  });
});

describe('heartbeat', () => {
  it('sends a comment every 25 s and closes the stream once its session has expired', async () => {
    const clock = new TestClock();
    const app = await ctx.app({ clock });
    const base = await listen(app);
    const alice = await quickUser(app, { username: 'Alicja' });
    // Only the stream's own interval is faked; the server and database keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const stream = await streams.on(base)('/api/stream/tickets', alice.client);
      await stream.waitForRaw('retry:');
      expect(stream.raw).not.toContain(': ping');
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await stream.waitForRaw(': ping');
      // A browser session idles out after 12 hours; the next heartbeat notices.
      clock.advance(13 * 60 * 60 * 1000);
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await stream.waitForEnd();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the ticket stream', () => {
  it("sends message events for its ticket only; 404 for a ticket the viewer can't see", async () => {
    const { alice, bob, admin, open } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Wątek' })).json();
    const other = (await createTicket(alice.client, { body: 'Inny wątek' })).json();
    expect((await open(`/api/stream/tickets/${id}/messages`, bob.client)).status).toBe(404);
    expect((await open('/api/stream/tickets/999999/messages', alice.client)).status).toBe(404);
    expect((await open(`/api/stream/tickets/${id}/messages`, null)).status).toBe(401);

    const thread = await open(`/api/stream/tickets/${id}/messages`, alice.client);
    expect(thread.status).toBe(200);
    await postMessage(alice.client, other.id, { body: 'gdzie indziej' });
    const reply = (await postMessage(admin.client, id, { body: 'Odpowiedź' })).json().message;
    const event = await thread.waitFor((e) => e.event === 'message');
    expect(data(event)).toEqual({ type: 'message', ticket_id: id, message_id: reply.id });
    expect(thread.events).toHaveLength(1);
  });

  it('ends when its ticket is deleted', async () => {
    const { alice, admin, open } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Do usunięcia' })).json();
    const thread = await open(`/api/stream/tickets/${id}/messages`, alice.client);
    await admin.client.request('DELETE', `/api/tickets/${id}`);
    await thread.waitForEnd();
    expect(data(thread.events.at(-1) ?? { data: '{}' })).toEqual({
      type: 'deleted',
      ticket_id: id,
    });
  });

  it('replays missed messages of its ticket after Last-Event-ID', async () => {
    const { alice, admin, open } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Wątek' })).json();
    const thread = await open(`/api/stream/tickets/${id}/messages`, alice.client);
    await postMessage(admin.client, id, { body: 'Pierwsza' });
    const seen = await thread.waitFor(() => true);
    thread.close();
    const missed = (await postMessage(admin.client, id, { body: 'Druga' })).json().message;
    const again = await open(`/api/stream/tickets/${id}/messages`, alice.client, {
      'last-event-id': seen.id ?? '',
    });
    const replayed = await again.waitFor(() => true);
    expect(data(replayed)).toMatchObject({ message_id: missed.id });
  });
});

describe('with REDIS_URL set but Redis unreachable', () => {
  it('starts and serves; tickets are stored although their events cannot be delivered', async () => {
    const app = await ctx.app({
      clock: new TestClock(),
      env: { REDIS_URL: 'redis://127.0.0.1:1' },
    });
    const alice = await quickUser(app, { username: 'Alicja' });
    const created = await createTicket(alice.client, { body: 'Mimo awarii' });
    expect(created.statusCode).toBe(201);
    const list = (await alice.client.get('/api/tickets')).json().tickets;
    expect(list).toHaveLength(1);
    // Nothing waits for Redis on the way out either.
    await app.close();
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('with the Redis bus', () => {
  it('delivers an event published on one instance to a stream on another', async () => {
    const url = process.env.TEST_REDIS_URL ?? '';
    const busA = new RedisEventBus(url);
    const busB = new RedisEventBus(url);
    try {
      const clock = new TestClock();
      const appA = await ctx.app({ clock, bus: busA });
      const appB = await ctx.app({ clock, bus: busB });
      const baseB = await listen(appB);
      const alice = await quickUser(appA, { username: 'Alicja' });
      const onB = await loginAs(appB, alice.user.id);
      const stream = await streams.on(baseB)('/api/stream/tickets', onB);
      const { id } = (await createTicket(alice.client, { body: 'Z instancji A' })).json();
      const event = await stream.waitFor((e) => data(e).type === 'message');
      expect(data(event).ticket_id).toBe(id);
      // A logout on A closes the stream held by B.
      const sameSession = new (await import('../../../test/helpers')).Client(appA);
      for (const [k, v] of onB.cookies) sameSession.cookies.set(k, v);
      await sameSession.post('/api/auth/logout');
      await stream.waitForEnd();
    } finally {
      streams.closeAll();
      await ctx.reset();
      await busA.close();
      await busB.close();
    }
  });
});
