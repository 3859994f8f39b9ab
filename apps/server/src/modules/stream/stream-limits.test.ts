import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, testConfig } from '../../../test/helpers';
import { streamsOfTheTest } from '../../../test/stream-helpers';
import { createTicket, listen, loginAs, quickUser } from '../../../test/tickets-helpers';
import { runAdminCommand } from '../../cli/admin';
import { users } from '../../db/schema/index';
import { SESSION_CHANNEL } from '../../events/bus';
import { RedisEventBus } from '../../events/redis-bus';
import { TestClock } from '../../lib/clock';
import { HEARTBEAT_MS } from './hub';

// Attacks of findings 10 (streams limited per session only) and 24 (a demoted admin keeps the admin stream).
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const streams = streamsOfTheTest();

async function serve(options: Parameters<typeof ctx.app>[0] = {}) {
  const app = await ctx.app({ clock: new TestClock(), ...options });
  const base = await listen(app);
  return { app, stream: streams.on(base) };
}

const ticketOf = (e: { data: string }) => (JSON.parse(e.data) as { ticket_id: number }).ticket_id;

describe('stream limits (finding 10)', () => {
  it('refuses the 21st stream of one user across 3 sessions with 429 and Retry-After', async () => {
    const { app, stream } = await serve();
    const alice = await quickUser(app, { username: 'Alicja' });
    const sessions = [
      alice.client,
      await loginAs(app, alice.user.id),
      await loginAs(app, alice.user.id),
    ];
    const open = [];
    for (const [index, client] of sessions.entries()) {
      for (let i = 0; i < (index === 2 ? 6 : 7); i++) {
        const s = await stream('/api/stream/tickets', client);
        expect(s.status).toBe(200);
        open.push(s);
      }
    }
    expect(open).toHaveLength(20);
    // Each session is below its own 10, yet the user is at 20.
    for (const client of [...sessions, await loginAs(app, alice.user.id)]) {
      const refused = await stream('/api/stream/tickets', client);
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBe('30');
    }
    // Another user is not affected, and a closed stream frees its place.
    const bob = await quickUser(app, { username: 'Bartek' });
    expect((await stream('/api/stream/tickets', bob.client)).status).toBe(200);
    open[0]?.close();
    await open[0]?.waitForEnd();
    await vi.waitFor(async () => {
      expect((await stream('/api/stream/tickets', alice.client)).status).toBe(200);
    });
  });

  it('answers 503 with Retry-After once the process holds STREAMS_MAX_TOTAL streams', async () => {
    const { app, stream } = await serve({ env: { STREAMS_MAX_TOTAL: '3' } });
    const clients = [];
    for (const username of ['Ala', 'Ola', 'Ela', 'Iza']) {
      clients.push((await quickUser(app, { username })).client);
    }
    for (const client of clients.slice(0, 3)) {
      expect((await stream('/api/stream/tickets', client)).status).toBe(200);
    }
    const refused = await stream('/api/stream/tickets', clients[3] ?? null);
    expect(refused.status).toBe(503);
    expect(refused.headers['retry-after']).toBe('30');
  });

  it('defaults to 20 per user and 10,000 per process', async () => {
    const { app } = await serve();
    expect(app.deps.config.streams).toMatchObject({ maxPerUser: 20, maxTotal: 10_000 });
  });
});

describe('a demoted admin (finding 24)', () => {
  async function adminWatching(options: Parameters<typeof ctx.app>[0] = {}) {
    const served = await serve(options);
    const alice = await quickUser(served.app, { username: 'Alicja' });
    const admin = await quickUser(served.app, { username: 'Obsluga', isAdmin: true });
    const ticket = (await createTicket(alice.client, { body: 'Prywatne' })).json() as {
      id: number;
    };
    const list = await served.stream('/api/stream/tickets', admin.client);
    const thread = await served.stream(`/api/stream/tickets/${ticket.id}/messages`, admin.client);
    expect([list.status, thread.status]).toEqual([200, 200]);
    return { ...served, alice, admin, ticket, list, thread };
  }

  it('loses the all-tickets stream at once when `admin revoke` runs, and reconnects with their own scope', async () => {
    const { app, stream, alice, admin, ticket, list, thread } = await adminWatching();
    // What `npm run admin -- revoke` does, with the bus running servers listen on.
    const said = await runAdminCommand(app.deps.db, ['revoke', 'obsluga'], {
      bus: app.deps.bus,
      config: testConfig(),
    });
    expect(said).toMatch(/no longer an admin/);
    await list.waitForEnd();
    await thread.waitForEnd();

    // The reconnect gets the user's own scope: Alice's ticket is out of sight.
    expect((await stream(`/api/stream/tickets/${ticket.id}/messages`, admin.client)).status).toBe(
      404,
    );
    const again = await stream('/api/stream/tickets', admin.client);
    expect(again.status).toBe(200);
    const others = (await createTicket(alice.client, { body: 'Kolejne' })).json() as { id: number };
    const own = (await createTicket(admin.client, { body: 'Moje' })).json() as { id: number };
    await again.waitFor((e) => ticketOf(e) === own.id);
    expect(again.events.some((e) => ticketOf(e) === others.id)).toBe(false);
  });

  it('is caught by the heartbeat when the right changed without an event (PostgreSQL, no Redis)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const { app, admin, list } = await adminWatching();
      const announced: unknown[] = [];
      await app.deps.bus.subscribe(SESSION_CHANNEL, (event) => announced.push(event));
      await app.deps.db.update(users).set({ isAdmin: false }).where(eq(users.id, admin.user.id));
      vi.advanceTimersByTime(HEARTBEAT_MS);
      await list.waitForEnd();
      // Announced, so every instance's session cache reads the user again.
      await vi.waitFor(() =>
        expect(announced).toContainEqual({ type: 'user-changed', userId: admin.user.id }),
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the streams when the change leaves the admin right as it was (a new name)', async () => {
    const { app, alice, admin, list } = await adminWatching();
    await app.deps.bus.publish(SESSION_CHANNEL, { type: 'user-changed', userId: admin.user.id });
    const later = (await createTicket(alice.client, { body: 'Po zmianie' })).json() as {
      id: number;
    };
    await list.waitFor((e) => ticketOf(e) === later.id);
    expect(list.ended).toBe(false);
  });

  it.skipIf(!process.env.TEST_REDIS_URL)(
    'loses it on another instance: the command publishes on Redis',
    async () => {
      const url = process.env.TEST_REDIS_URL ?? '';
      const serverBus = new RedisEventBus(url);
      const commandBus = new RedisEventBus(url);
      try {
        const { app, list, thread } = await adminWatching({ bus: serverBus });
        await commandBus.whenReady(5_000);
        await runAdminCommand(app.deps.db, ['revoke', 'obsluga'], {
          bus: commandBus,
          config: testConfig(),
        });
        await list.waitForEnd();
        await thread.waitForEnd();
      } finally {
        streams.closeAll();
        await ctx.reset();
        await Promise.all([serverBus.close(), commandBus.close()]);
      }
    },
  );

  it('tells the operator when Redis did not answer, after storing the change', async () => {
    const { app } = await serve();
    await quickUser(app, { username: 'Szef', isAdmin: true });
    const unreachable = new RedisEventBus('redis://127.0.0.1:1');
    try {
      const said = await runAdminCommand(app.deps.db, ['revoke', 'szef'], {
        bus: unreachable,
        config: testConfig(),
      });
      expect(said).toMatch(/no longer an admin\.\nRedis did not answer/);
      expect(await runAdminCommand(app.deps.db, ['list'])).toBe('No admins.');
    } finally {
      await unreachable.close();
    }
  });
});
