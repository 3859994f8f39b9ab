import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { securityLog } from '../src/db/schema/index';
import { throttleAddress } from '../src/lib/ip-address';
import { createTestContext, ORIGIN } from './helpers';

/**
 * Security review 2026-11, finding 12: with TRUST_PROXY the client must not
 * pick its own address through X-Forwarded-For, and an IPv6 subscriber must
 * not get a fresh per-address budget from every address of its /64.
 */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

/** One wrong password for a made-up account, as a password-spraying client sends it. */
function failedLogin(
  app: FastifyInstance,
  i: number,
  from: { remoteAddress: string; forwardedFor?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: from.remoteAddress,
    headers: {
      origin: ORIGIN,
      ...(from.forwardedFor ? { 'x-forwarded-for': from.forwardedFor } : {}),
    },
    payload: { identifier: `nikt${i}`, password: 'Spring2024' },
  });
}

/** Status codes of 11 failed logins: the per-address limit allows 10, so the last must be 429. */
async function sprayStatuses(
  app: FastifyInstance,
  from: (i: number) => { remoteAddress: string; forwardedFor?: string },
) {
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) statuses.push((await failedLogin(app, i, from(i))).statusCode);
  return statuses;
}

describe('TRUST_PROXY', () => {
  it('behind an appending proxy (TRUST_PROXY=1) a client cannot reset its per-address counter with a forged X-Forwarded-For', async () => {
    const app = await ctx.app({ env: { TRUST_PROXY: '1' } });
    // The proxy on 127.0.0.1 appends the real client (198.51.100.7) to what the client sent.
    const statuses = await sprayStatuses(app, (i) => ({
      remoteAddress: '127.0.0.1',
      forwardedFor: `10.9.0.${i}, 198.51.100.7`,
    }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const [entry] = await ctx.database.db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'login_failed'));
    expect(entry?.ip).toBe('198.51.100.7');
  });

  it('ignores X-Forwarded-For from a peer on a public address, even with a hop count', async () => {
    const app = await ctx.app({ env: { TRUST_PROXY: '1' } });
    // A client that reaches the server directly, past the proxy.
    const statuses = await sprayStatuses(app, (i) => ({
      remoteAddress: '203.0.113.50',
      forwardedFor: `10.9.0.${i}`,
    }));
    expect(statuses[10]).toBe(429);
  });

  it('with a list of proxy addresses, trusts only those peers', async () => {
    const app = await ctx.app({ env: { TRUST_PROXY: '192.0.2.10, 10.0.0.0/8' } });
    const direct = await sprayStatuses(app, (i) => ({
      remoteAddress: '127.0.0.1',
      forwardedFor: `198.51.100.${i}`,
    }));
    expect(direct[10]).toBe(429);
    const viaProxy = await sprayStatuses(app, (i) => ({
      remoteAddress: i % 2 ? '192.0.2.10' : '10.1.2.3',
      forwardedFor: `198.51.100.${i}`,
    }));
    // Each request came from a different real client: none of them is throttled.
    expect(viaProxy).toEqual(Array(11).fill(401));
  });

  it.each([
    ['true', /^Invalid TRUST_PROXY: true would trust every hop/],
    ['proxy.local', /^Invalid TRUST_PROXY: "proxy.local" is neither/],
    ['10.0.0.0/33', /^Invalid TRUST_PROXY/],
    ['99', /^Invalid TRUST_PROXY: at most 10 hops/],
  ])('refuses TRUST_PROXY=%s with one clear line', (value, message) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(message);
  });

  it('accepts a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, ::1, 10.0.0.0/8' }).trustProxy).toEqual([
      '127.0.0.1',
      '::1',
      '10.0.0.0/8',
    ]);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });
});

describe('IPv6 clients', () => {
  it('share one per-address login budget across their /64', async () => {
    const app = await ctx.app();
    const statuses = await sprayStatuses(app, (i) => ({
      remoteAddress: `2001:db8:1:2:${(i + 1).toString(16)}:ab:cd:ef`,
    }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    // The security log keeps the full address of each attempt.
    const rows = await ctx.database.db
      .select()
      .from(securityLog)
      .where(eq(securityLog.event, 'login_failed'));
    expect(rows.map((r) => r.ip)).toContain('2001:db8:1:2:1:ab:cd:ef');
  });

  it('in another /64 keep their own budget', async () => {
    const app = await ctx.app();
    await sprayStatuses(app, (i) => ({ remoteAddress: `2001:db8:1:2::${i + 1}` }));
    const neighbour = await failedLogin(app, 99, { remoteAddress: '2001:db8:1:3::1' });
    expect(neighbour.statusCode).toBe(401);
  });

  it.each([
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:DB8::1', '2001:db8:0:0::/64'],
    ['::ffff:192.0.2.1', '192.0.2.1'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['203.0.113.9', '203.0.113.9'],
  ])('throttle key of %s is %s', (ip, key) => {
    expect(throttleAddress(ip)).toBe(key);
  });
});
