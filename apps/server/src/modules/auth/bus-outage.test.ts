import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  Client,
  codeFrom,
  createTestContext,
  registerUser,
  resetTokenFrom,
} from '../../../test/helpers';
import { securityLog, users } from '../../db/schema/index';
import { MemoryEventBus, SESSION_CHANNEL } from '../../events/bus';

/**
 * Finding 8: with Redis down every publish rejects at once. A change that is
 * already committed must still answer normally, clear the cookie where it
 * ends the session, reach the security log, and leave a log line about the bus.
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

/** Like the Redis bus with `enableOfflineQueue: false` while Redis is stopped. */
class BrokenSessionBus extends MemoryEventBus {
  override async publish(channel: string, payload: unknown): Promise<void> {
    if (channel === SESSION_CHANNEL)
      throw new Error("Stream isn't writeable and enableOfflineQueue options is false");
    await super.publish(channel, payload);
  }
}

async function setup() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await ctx.app({
    bus: new BrokenSessionBus(),
    loggerInstance: pino({ level: 'warn' }, sink),
  });
  const { client, user, password } = await registerUser(app, ctx.mail, {
    username: 'rena',
    email: 'rena@example.com',
  });
  ctx.mail.clear();
  const busWarnings = () => lines.filter((l) => l.includes('session event not published')).length;
  const events = async () =>
    (
      await ctx.database.db
        .select({ event: securityLog.event })
        .from(securityLog)
        .orderBy(securityLog.id)
    ).map((r) => r.event);
  return { app, client, user, password, busWarnings, events };
}

describe('a session event bus that is down (finding 8)', () => {
  it('logout answers 200, clears the cookie and is logged', async () => {
    const { client, busWarnings, events } = await setup();
    const response = await client.post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const cleared = response.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect(client.cookies.has('sid')).toBe(false);
    expect(await events()).toContain('logout');
    expect(busWarnings()).toBe(1);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
  });

  it('a password reset answers 200 and the new password works', async () => {
    const { app, busWarnings, events } = await setup();
    const anonymous = new Client(app);
    await anonymous.post('/api/auth/password-reset/request', { email: 'rena@example.com' });
    const token = resetTokenFrom(await ctx.mail.last('rena@example.com'));
    const confirmed = await anonymous.post('/api/auth/password-reset/confirm', {
      token,
      password: 'Nowe-Haslo-2026',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(await events()).toContain('password_reset');
    expect(busWarnings()).toBe(1);
    const login = await new Client(app).post('/api/auth/login', {
      identifier: 'rena',
      password: 'Nowe-Haslo-2026',
    });
    expect(login.statusCode).toBe(200);
  });

  it('a username change answers 200 and is logged', async () => {
    const { client, busWarnings, events } = await setup();
    const response = await client.post('/api/profile/username', { username: 'renata' });
    expect(response.statusCode).toBe(200);
    expect(await events()).toContain('username_changed');
    expect(busWarnings()).toBe(1);
  });

  it('turning 2FA on answers 200 and is logged', async () => {
    const { client, user, busWarnings, events } = await setup();
    await client.post('/api/profile/mfa/enable/request');
    const code = codeFrom(await ctx.mail.last('rena@example.com'));
    const response = await client.post('/api/profile/mfa/enable/confirm', { code });
    expect(response.statusCode).toBe(200);
    expect(await events()).toContain('mfa_enabled');
    expect(busWarnings()).toBe(1);
    const [row] = await ctx.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.mfaEnabled).toBe(true);
  });

  it('account deletion answers 200, clears the cookie and is logged', async () => {
    const { client, busWarnings, events } = await setup();
    await client.post('/api/profile/delete/request');
    const code = codeFrom(await ctx.mail.last('rena@example.com'));
    const response = await client.post('/api/profile/delete/confirm', { code });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect(await events()).toContain('account_deleted');
    expect(busWarnings()).toBe(1);
    expect(await ctx.database.db.select().from(users)).toEqual([]);
  });
});
