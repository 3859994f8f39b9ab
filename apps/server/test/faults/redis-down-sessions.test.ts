import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MailCapture, resetTokenFrom, startMailCapture } from '../helpers';
import { Browser, postgresAvailable, redisAvailable, register } from '../process-helpers';
import { withTwoInstances } from './two-instances';

/**
 * Finding 8 against real processes: two instances on PostgreSQL and Redis,
 * Redis stopped. Logout and a password reset are committed in the database;
 * the session event that cannot be published must not turn them into a 500.
 */

let mail: MailCapture;
beforeAll(async () => {
  mail = await startMailCapture();
});
afterAll(async () => {
  await mail.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!postgresAvailable() || !redisAvailable())('Redis stopped (finding 8)', () => {
  it('logout and a password reset still answer 200, and the ended sessions stay ended', async () => {
    await withTwoInstances({ SMTP_URL: mail.url }, async ({ a, b, redis }) => {
      const owner = new Browser();
      await register(owner, a, mail, { username: 'lena', email: 'lena@example.com' });
      const second = new Browser();
      const login = await second.call(b, 'POST', '/api/auth/login', {
        identifier: 'lena',
        password: 'Sekretne-Haslo-42',
      });
      expect(login.status).toBe(200);
      // The reset link is requested while Redis still runs (its limiter is Redis too).
      mail.clear();
      const requested = await new Browser().call(a, 'POST', '/api/auth/password-reset/request', {
        email: 'lena@example.com',
      });
      expect(requested.status).toBe(200);
      const token = resetTokenFrom(await mail.last('lena@example.com'));

      redis.stop();
      await sleep(500);

      const logout = await owner.call(a, 'POST', '/api/auth/logout');
      expect(logout.status, await logout.clone().text()).toBe(200);
      expect(logout.headers.getSetCookie().some((c) => /^sid=;/.test(c))).toBe(true);
      expect((await owner.call(a, 'GET', '/api/auth/me')).status).toBe(401);

      const reset = await new Browser().call(b, 'POST', '/api/auth/password-reset/confirm', {
        token,
        password: 'Nowe-Haslo-2026',
      });
      expect(reset.status, await reset.clone().text()).toBe(200);
      // Instance A never heard of the reset; within its 5 s session cache it reads the database again.
      let ended = false;
      for (let i = 0; i < 20 && !ended; i++) {
        ended = (await second.call(a, 'GET', '/api/auth/me')).status === 401;
        if (!ended) await sleep(500);
      }
      expect(ended).toBe(true);
      const output = [...a.output, ...b.output].join('');
      expect(output).toContain('session event not published');
    });
  });
});
