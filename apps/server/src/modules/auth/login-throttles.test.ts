import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, ORIGIN, registerUser } from '../../../test/helpers';
import { securityLog } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

/** Attacks of findings 1, 11, 14 and 32 (security review 2026-11) on the password step. */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const dora = { username: 'Dora', email: 'dora@example.com', password: 'Sekretne-Haslo-42' };

async function setup() {
  const clock = new TestClock(Date.now());
  const app = await ctx.app({ clock });
  const { client: owner } = await registerUser(app, ctx.mail, dora);
  return { app, clock, owner };
}

/** One login try from a given client address (each test address has its own budget). */
function loginFrom(app: FastifyInstance, address: string, identifier: string, password: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { origin: ORIGIN },
    remoteAddress: address,
    payload: { identifier, password },
  });
}

const statusCounts = (codes: number[]) =>
  codes.reduce<Record<number, number>>((counts, code) => {
    counts[code] = (counts[code] ?? 0) + 1;
    return counts;
  }, {});

describe('login throttles', () => {
  it('200 parallel wrong passwords from one address get at most 10 password checks (401), the rest 429', async () => {
    const { app } = await setup();
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        loginFrom(app, '198.51.100.7', 'dora', `zgadywanie-${i}`),
      ),
    );
    const counts = statusCounts(answers.map((answer) => answer.statusCode));
    expect(counts[401]).toBeLessThanOrEqual(10);
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(200);
  });

  it('strangers wrong passwords from other addresses do not lock the owner out', async () => {
    const { app } = await setup();
    for (let i = 1; i <= 30; i++) {
      expect((await loginFrom(app, `203.0.113.${i}`, 'dora', 'zle-haslo-123')).statusCode).toBe(
        401,
      );
    }
    // A browser that never logged in before, from its own address.
    const owner = await loginFrom(app, '192.0.2.50', 'dora', dora.password);
    expect(owner.statusCode).toBe(200);
  });

  it('username and e-mail share one account budget of 100 an hour; a known device still gets in', async () => {
    const { app } = await setup();
    const device = new Client(app);
    expect(
      (await device.post('/api/auth/login', { identifier: 'dora', password: dora.password }))
        .statusCode,
    ).toBe(200);
    expect(device.cookies.get('device')).toMatch(/^\d+\./);
    for (let i = 0; i < 100; i++) {
      // Alternating identifiers, one address per try: only the account budget fills.
      const identifier = i % 2 ? 'DORA@example.com' : 'dora';
      const address = `10.${Math.floor(i / 200)}.${Math.floor(i / 10)}.${(i % 10) + 1}`;
      expect((await loginFrom(app, address, identifier, `zle-${i}`)).statusCode).toBe(401);
    }
    const stranger = await loginFrom(app, '192.0.2.99', 'dora@example.com', dora.password);
    expect(stranger.statusCode).toBe(429);
    const owner = await device.post('/api/auth/login', {
      identifier: 'dora@example.com',
      password: dora.password,
    });
    expect(owner.statusCode).toBe(200);
  });

  it('a device cookie has its own budget of 10 wrong passwords; a forged one gets none', async () => {
    const { app } = await setup();
    const device = new Client(app);
    await device.post('/api/auth/login', { identifier: 'dora', password: dora.password });
    // A neighbour behind the same address spends the per-address budget.
    const neighbour = new Client(app);
    for (let i = 0; i < 10; i++) {
      await neighbour.post('/api/auth/login', { identifier: `nikt${i}`, password: 'zle-haslo' });
    }
    const forger = new Client(app);
    const [userId] = (device.cookies.get('device') ?? '').split('.');
    forger.cookies.set('device', `${userId}.${'B'.repeat(22)}.${'A'.repeat(43)}`);
    const forged = await forger.post('/api/auth/login', {
      identifier: 'dora',
      password: dora.password,
    });
    expect(forged.statusCode).toBe(429);
    const owner = await device.post('/api/auth/login', {
      identifier: 'dora',
      password: dora.password,
    });
    expect(owner.statusCode).toBe(200);

    for (let i = 0; i < 10; i++) {
      const r = await device.post('/api/auth/login', { identifier: 'dora', password: `zle-${i}` });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await device.post('/api/auth/login', {
      identifier: 'dora',
      password: dora.password,
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('throttled logins write one login_throttled row per window, not one per request', async () => {
    const { app } = await setup();
    for (let i = 0; i < 10; i++) await loginFrom(app, '198.51.100.8', `nikt${i}`, 'zle-haslo');
    for (let i = 0; i < 50; i++) {
      const r = await loginFrom(app, '198.51.100.8', `nikt-${'x'.repeat(200)}-${i}`, 'zle-haslo');
      expect(r.statusCode).toBe(429);
    }
    const rows = await ctx.database.db
      .select()
      .from(securityLog)
      .where(and(eq(securityLog.event, 'login_throttled'), eq(securityLog.ip, '198.51.100.8')));
    expect(rows).toHaveLength(1);
  });

  it('folds case in one place: a username with İ and a mixed-case e-mail sign in as typed', async () => {
    const app = await ctx.app();
    const kira = { username: 'Kİra', email: 'Kira.Nowak@Example.PL', password: dora.password };
    await registerUser(app, ctx.mail, kira);
    for (const identifier of ['Kİra', 'kİra', 'kira.nowak@example.pl', 'KIRA.NOWAK@EXAMPLE.PL']) {
      const r = await loginFrom(app, '192.0.2.10', identifier, kira.password);
      expect(r.statusCode, identifier).toBe(200);
    }
    const duplicate = await new Client(app).post('/api/auth/register', {
      ...kira,
      email: 'inna@example.pl',
    });
    expect(duplicate.statusCode).toBe(409);
  });
});
