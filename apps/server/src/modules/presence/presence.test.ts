import { PresenceEventSchema } from '@studio/shared/presence';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectContract } from '../../../test/contract';
import { type Client, createTestContext, ORIGIN } from '../../../test/helpers';
import { redisAvailable, startRedis } from '../../../test/process-helpers';
import { type OpenedStream, streamsOfTheTest } from '../../../test/stream-helpers';
import {
  createTicket,
  listen,
  loginAs,
  postMessage,
  quickUser,
} from '../../../test/tickets-helpers';
import { RedisEventBus } from '../../events/redis-bus';
import { TestClock } from '../../lib/clock';
import { PRESENCE_CHANNEL, type PresenceReport } from './index';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const streams = streamsOfTheTest();

async function world() {
  const clock = new TestClock();
  const app = await ctx.app({ clock });
  const base = await listen(app);
  const customer = await quickUser(app, { username: 'Alicja' });
  const anna = await quickUser(app, { username: 'Anna', isAdmin: true });
  const piotr = await quickUser(app, { username: 'Piotr', isAdmin: true });
  const { id: ticketId } = (await createTicket(customer.client, { body: 'Pomocy' })).json();
  return { app, clock, base, customer, anna, piotr, ticketId, open: streams.on(base) };
}

type Stream = OpenedStream;

const presenceEvents = (stream: Stream) =>
  stream.events.filter((e) => e.event === 'presence').map((e) => JSON.parse(e.data));

/** The presence event after the `seen` first ones, once it arrived. */
async function nextPresence(stream: Stream, seen: number) {
  await stream.waitFor(() => presenceEvents(stream).length > seen);
  return expectContract(PresenceEventSchema, presenceEvents(stream)[seen]);
}

const say = (client: Client) => (ticketId: number, state: string) =>
  client.post(`/api/tickets/${ticketId}/presence`, { state });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('POST /api/tickets/:id/presence', () => {
  it('announces a viewing admin to every admin stream, the ticket’s staff stream included', async () => {
    const { anna, piotr, ticketId, open } = await world();
    const list = await open('/api/stream/tickets', piotr.client);
    const thread = await open(`/api/stream/tickets/${ticketId}/messages`, piotr.client);

    const answer = await say(anna.client)(ticketId, 'viewing');
    expect(answer.statusCode).toBe(204);

    const expected = {
      ticket_id: ticketId,
      users: [{ id: anna.user.id, username: 'Anna', state: 'viewing' }],
    };
    expect(await nextPresence(list, 0)).toEqual(expected);
    expect(await nextPresence(thread, 0)).toEqual(expected);
  });

  it('never tells a customer, not even the ticket’s owner, on the list or the thread stream', async () => {
    const { anna, customer, ticketId, open } = await world();
    const list = await open('/api/stream/tickets', customer.client);
    const thread = await open(`/api/stream/tickets/${ticketId}/messages`, customer.client);
    await say(anna.client)(ticketId, 'viewing');
    await say(anna.client)(ticketId, 'typing');
    // A reply after the presence calls: once it arrives, a presence event would have come first.
    await postMessage(anna.client, ticketId, { body: 'Już sprawdzam' });
    await list.waitFor((e) => e.event === 'ticket' && JSON.parse(e.data).type === 'message');
    await thread.waitFor((e) => e.event === 'message');
    expect(list.events.filter((e) => e.event === 'presence')).toEqual([]);
    expect(thread.events.filter((e) => e.event === 'presence')).toEqual([]);
    expect(list.raw).not.toContain('presence');
  });

  it('announces each change of state, and only changes: typing, viewing again, left', async () => {
    const { anna, piotr, ticketId, open } = await world();
    const list = await open('/api/stream/tickets', anna.client);
    const annaSays = say(anna.client);
    await annaSays(ticketId, 'viewing');
    await say(piotr.client)(ticketId, 'viewing');
    expect((await nextPresence(list, 1)).users).toEqual([
      { id: anna.user.id, username: 'Anna', state: 'viewing' },
      { id: piotr.user.id, username: 'Piotr', state: 'viewing' },
    ]);
    await annaSays(ticketId, 'typing');
    expect((await nextPresence(list, 2)).users[0]).toEqual({
      id: anna.user.id,
      username: 'Anna',
      state: 'typing',
    });
    await annaSays(ticketId, 'typing');
    await annaSays(ticketId, 'viewing');
    expect((await nextPresence(list, 3)).users[0]?.state).toBe('viewing');
    await say(piotr.client)(ticketId, 'left');
    expect((await nextPresence(list, 4)).users).toEqual([
      { id: anna.user.id, username: 'Anna', state: 'viewing' },
    ]);
    // Leaving twice, or a ticket one never viewed, changes nothing.
    await say(piotr.client)(ticketId, 'left');
    await pause(200);
    expect(presenceEvents(list)).toHaveLength(5);
  });

  it('lapses 30 s after the last call, announced as a list without that admin', async () => {
    const { anna, piotr, clock, ticketId, open } = await world();
    const list = await open('/api/stream/tickets', piotr.client);
    await say(anna.client)(ticketId, 'viewing');
    await nextPresence(list, 0);
    clock.advance(20_000);
    // The refresh of the same state is not announced; it moves the lapse on.
    await say(anna.client)(ticketId, 'viewing');
    clock.advance(29_000);
    await pause(1_500);
    expect(presenceEvents(list)).toHaveLength(1);
    clock.advance(1_000);
    expect(await nextPresence(list, 1)).toEqual({ ticket_id: ticketId, users: [] });
    // A lapsed admin is gone: a new stream starts from nobody.
    const later = await open('/api/stream/tickets', piotr.client);
    await say(piotr.client)(ticketId, 'viewing');
    expect((await nextPresence(later, 0)).users.map((u) => u.username)).toEqual(['Piotr']);
  });

  it('gives a newly opened admin stream the lists as they are now', async () => {
    const { anna, piotr, ticketId, open } = await world();
    const first = await open('/api/stream/tickets', anna.client);
    await say(anna.client)(ticketId, 'typing');
    await nextPresence(first, 0);
    const list = await open('/api/stream/tickets', piotr.client);
    const thread = await open(`/api/stream/tickets/${ticketId}/messages`, piotr.client);
    const now = {
      ticket_id: ticketId,
      users: [{ id: anna.user.id, username: 'Anna', state: 'typing' }],
    };
    expect(await nextPresence(list, 0)).toEqual(now);
    expect(await nextPresence(thread, 0)).toEqual(now);
  });

  it('keeps a burst cheap: one report on the bus at once, the last one after 5 s, and the lapse counts from the last call', async () => {
    const { app, anna, piotr, clock, ticketId, open } = await world();
    const reports: PresenceReport[] = [];
    const stop = await app.deps.bus.subscribe(PRESENCE_CHANNEL, (p) =>
      reports.push(p as PresenceReport),
    );
    try {
      const list = await open('/api/stream/tickets', piotr.client);
      const start = clock.now().getTime();
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => say(anna.client)(ticketId, 'viewing')),
      );
      expect(answers.every((a) => a.statusCode === 204)).toBe(true);
      clock.advance(4_000);
      for (let i = 0; i < 10; i++) await say(anna.client)(ticketId, 'viewing');
      expect(reports).toHaveLength(1);
      clock.advance(1_000);
      await expect.poll(() => reports.length, { timeout: 3_000 }).toBe(2);
      expect(reports[1]?.at).toBe(start + 4_000);
      expect(presenceEvents(list)).toHaveLength(1);
      // 30 s after the last call of the burst, not after the first.
      clock.advance(28_000);
      await pause(1_500);
      expect(presenceEvents(list)).toHaveLength(1);
      clock.advance(1_000);
      expect((await nextPresence(list, 1)).users).toEqual([]);
    } finally {
      await stop();
    }
  });
});

describe('who may call it', () => {
  it('refuses a customer with 403, even on their own ticket, and announces nothing', async () => {
    const { customer, piotr, anna, ticketId, open } = await world();
    const list = await open('/api/stream/tickets', piotr.client);
    const answer = await say(customer.client)(ticketId, 'viewing');
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({ error: 'forbidden' });
    // Another customer's unknown ticket is 403 too: nothing about tickets before the right.
    expect((await say(customer.client)(999_999, 'viewing')).statusCode).toBe(403);
    await say(anna.client)(ticketId, 'viewing');
    expect((await nextPresence(list, 0)).users.map((u) => u.username)).toEqual(['Anna']);
  });

  it('answers 401 without a session, 404 for an unknown or malformed ticket, 400 for a bad state', async () => {
    const { app, anna, ticketId } = await world();
    const anonymous = await app.inject({
      method: 'POST',
      url: `/api/tickets/${ticketId}/presence`,
      headers: { origin: ORIGIN },
      payload: { state: 'viewing' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect((await say(anna.client)(999_999, 'viewing')).statusCode).toBe(404);
    expect((await say(anna.client)(Number.NaN, 'viewing')).statusCode).toBe(404);
    const bad = await anna.client.post(`/api/tickets/${ticketId}/presence`, { state: 'away' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_failed');
    const none = await anna.client.post(`/api/tickets/${ticketId}/presence`, {});
    expect(none.statusCode).toBe(400);
  });

  it('refuses a call from a foreign origin (403) and announces nothing', async () => {
    const { anna, piotr, ticketId, open } = await world();
    const list = await open('/api/stream/tickets', piotr.client);
    const foreign = await anna.client.post(
      `/api/tickets/${ticketId}/presence`,
      { state: 'viewing' },
      { origin: 'https://evil.example' },
    );
    expect(foreign.statusCode).toBe(403);
    await say(piotr.client)(ticketId, 'viewing');
    expect((await nextPresence(list, 0)).users.map((u) => u.username)).toEqual(['Piotr']);
  });
});

describe.skipIf(!redisAvailable())('across instances on Redis', () => {
  it('a call on one instance reaches an admin stream held by another, and so does its lapse', async () => {
    const redis = await startRedis();
    const busA = new RedisEventBus(redis.url);
    const busB = new RedisEventBus(redis.url);
    try {
      const clock = new TestClock();
      const appA = await ctx.app({ clock, bus: busA });
      const appB = await ctx.app({ clock, bus: busB });
      await busA.whenReady(5_000);
      await busB.whenReady(5_000);
      const baseB = await listen(appB);
      const customer = await quickUser(appA, { username: 'Alicja' });
      const anna = await quickUser(appA, { username: 'Anna', isAdmin: true });
      const piotr = await quickUser(appA, { username: 'Piotr', isAdmin: true });
      const { id: ticketId } = (await createTicket(customer.client, { body: 'Pomocy' })).json();
      const onB = await loginAs(appB, piotr.user.id);
      const stream = await streams.on(baseB)('/api/stream/tickets', onB);
      // B subscribes once Redis answers: Anna comes and goes until B has heard of her.
      await expect
        .poll(
          async () => {
            await say(anna.client)(ticketId, 'left');
            await say(anna.client)(ticketId, 'typing');
            await pause(100);
            return presenceEvents(stream).at(-1)?.users.length ?? 0;
          },
          { timeout: 5_000 },
        )
        .toBe(1);
      const seen = presenceEvents(stream).length;
      expect(presenceEvents(stream).at(-1)).toEqual({
        ticket_id: ticketId,
        users: [{ id: anna.user.id, username: 'Anna', state: 'typing' }],
      });
      clock.advance(30_000);
      expect(await nextPresence(stream, seen)).toEqual({ ticket_id: ticketId, users: [] });
    } finally {
      streams.closeAll();
      await ctx.reset();
      await busA.close();
      await busB.close();
      redis.stop();
    }
  });
});
