import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, registerUser } from '../../../test/helpers';
import { securityLog } from '../../db/schema/index';
import { MemoryEventBus } from '../../events/bus';
import { TestClock } from '../../lib/clock';

/** Issue 19: the sessions list, ending one session, across instances and owners. */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const PASSWORD = 'Sekretne-Haslo-42';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

type App = Parameters<typeof registerUser>[0];

async function signIn(app: App, identifier: string, userAgent = FIREFOX) {
  const client = new Client(app, { origin: 'http://localhost:3000', 'user-agent': userAgent });
  const login = await client.post('/api/auth/login', { identifier, password: PASSWORD });
  expect(login.statusCode).toBe(200);
  return client;
}

interface Listed {
  id: number;
  current: boolean;
  created_at: string;
  last_used_at: string;
  user_agent: string | null;
  ip: string | null;
  device: string;
}

async function listOf(client: Client): Promise<Listed[]> {
  const response = await client.get('/api/profile/sessions');
  expect(response.statusCode).toBe(200);
  return response.json().sessions;
}

describe('GET /api/profile/sessions', () => {
  it('lists every own session with its browser, address and times, the asking one marked current', async () => {
    const app = await ctx.app();
    const { client: laptop } = await registerUser(app, ctx.mail, {
      username: 'marta',
      email: 'marta@example.com',
    });
    const phone = await signIn(app, 'marta', IPHONE);
    await registerUser(app, ctx.mail, { username: 'obcy', email: 'obcy@example.com' });

    const seenByPhone = await listOf(phone);
    expect(seenByPhone).toHaveLength(2);
    const mine = seenByPhone.find((s) => s.current);
    expect(mine).toMatchObject({ user_agent: IPHONE, ip: '127.0.0.1' });
    expect(mine?.device).toMatch(/^Safari 18 · iOS/);
    expect(seenByPhone.filter((s) => s.current)).toHaveLength(1);
    for (const session of seenByPhone) {
      expect(Number.isNaN(Date.parse(session.created_at))).toBe(false);
      expect(Number.isNaN(Date.parse(session.last_used_at))).toBe(false);
    }
    const seenByLaptop = await listOf(laptop);
    expect(seenByLaptop.map((s) => s.id).sort()).toEqual(seenByPhone.map((s) => s.id).sort());
    expect(seenByLaptop.find((s) => s.current)?.id).not.toBe(mine?.id);
  });

  it('keeps last_used_at fresh at most once a minute, without a write per call', async () => {
    const clock = new TestClock(Date.parse('2026-11-25T10:00:00Z'));
    const app = await ctx.app({ clock });
    const { client } = await registerUser(app, ctx.mail, {
      username: 'lukasz',
      email: 'lukasz@example.com',
    });
    const first = (await listOf(client))[0];
    expect(first?.last_used_at).toBe('2026-11-25T10:00:00.000Z');
    clock.advance(30_000);
    expect((await listOf(client))[0]?.last_used_at).toBe('2026-11-25T10:00:00.000Z');
    clock.advance(40_000);
    await client.get('/api/auth/me');
    expect((await listOf(client))[0]?.last_used_at).toBe('2026-11-25T10:01:10.000Z');
  });

  it('needs a session', async () => {
    const app = await ctx.app();
    expect((await new Client(app).get('/api/profile/sessions')).statusCode).toBe(401);
  });
});

describe('DELETE /api/profile/sessions/:id', () => {
  it('ends one other session at once, on both instances, and leaves the rest', async () => {
    const bus = new MemoryEventBus();
    const first = await ctx.app({ bus });
    const second = await ctx.app({ bus });
    const { client: here } = await registerUser(first, ctx.mail, {
      username: 'wanda',
      email: 'wanda@example.com',
    });
    const laptop = await signIn(second, 'wanda');
    const phone = await signIn(first, 'wanda', IPHONE);
    // Cached by now on their instances: the end must reach the caches too.
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(200);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(200);
    const laptopId = (await listOf(laptop)).find((s) => s.current)?.id;

    const ended = await here.request('DELETE', `/api/profile/sessions/${laptopId}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ok: true });
    expect((await laptop.get('/api/auth/me')).statusCode).toBe(401);
    expect((await phone.get('/api/auth/me')).statusCode).toBe(200);
    expect((await here.get('/api/auth/me')).statusCode).toBe(200);
    expect(await listOf(here)).toHaveLength(2);
    // Ended once: a second try finds nothing.
    expect((await here.request('DELETE', `/api/profile/sessions/${laptopId}`)).statusCode).toBe(
      404,
    );
    const events = await ctx.database.db.select().from(securityLog);
    expect(events.some((e) => e.event === 'session_revoked')).toBe(true);
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const app = await ctx.app();
    const { client: attacker } = await registerUser(app, ctx.mail, {
      username: 'mallory',
      email: 'mallory@example.com',
    });
    const { client: victim } = await registerUser(app, ctx.mail, {
      username: 'alicja',
      email: 'alicja@example.com',
    });
    const victimId = (await listOf(victim))[0]?.id;
    const response = await attacker.request('DELETE', `/api/profile/sessions/${victimId}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'not_found' });
    expect((await victim.get('/api/auth/me')).statusCode).toBe(200);
    // The attacker's list never shows the victim's session either.
    expect((await listOf(attacker)).map((s) => s.id)).not.toContain(victimId);
    expect((await attacker.request('DELETE', '/api/profile/sessions/999999')).statusCode).toBe(404);
    expect((await attacker.request('DELETE', '/api/profile/sessions/abc')).statusCode).toBe(400);
  });

  it('needs a session and a same-origin request', async () => {
    const app = await ctx.app();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'olek',
      email: 'olek@example.com',
    });
    const second = await signIn(app, 'olek');
    const id = (await listOf(second)).find((s) => s.current)?.id;
    expect(
      (await new Client(app).request('DELETE', `/api/profile/sessions/${id}`)).statusCode,
    ).toBe(401);
    const crossSite = await client.request('DELETE', `/api/profile/sessions/${id}`, undefined, {
      origin: 'https://evil.example',
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await second.get('/api/auth/me')).statusCode).toBe(200);
  });
});
