import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, registerUser } from '../../test/helpers';
import { answerChecker, servedDocument } from '../../test/openapi-helpers';
import { appCode, passwordStep, STEP_MS } from '../../test/totp-helpers';
import { TestClock } from '../lib/clock';

/** The authenticator-app and recovery-code calls answer as the document says. */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

describe('authenticator-app answers match the document', () => {
  it('security, setup, confirm, login methods, verify, send-email, regenerate and disable', async () => {
    const clock = new TestClock(Date.UTC(2026, 10, 25, 12, 0, 10));
    const app = await ctx.app({ clock });
    const check = answerChecker(await servedDocument(app));
    const { client } = await registerUser(app, ctx.mail, {
      username: 'wiola',
      email: 'wiola@example.com',
    });

    check('get', '/api/profile/security', await client.get('/api/profile/security'));
    const setup = check(
      'post',
      '/api/profile/totp/setup',
      await client.post('/api/profile/totp/setup'),
    );
    const { secret } = setup.json() as { secret: string };
    const bad = await client.post('/api/profile/totp/confirm', { code: 'x' });
    expect(check('post', '/api/profile/totp/confirm', bad).statusCode).toBe(400);
    const confirmed = await client.post('/api/profile/totp/confirm', {
      code: appCode(secret, clock),
    });
    expect(check('post', '/api/profile/totp/confirm', confirmed).statusCode).toBe(200);
    const again = await client.post('/api/profile/totp/setup');
    expect(check('post', '/api/profile/totp/setup', again).statusCode).toBe(409);
    check('get', '/api/profile/security', await client.get('/api/profile/security'));

    clock.advance(STEP_MS);
    const login = await passwordStep(app, 'wiola', 'Sekretne-Haslo-42');
    const loginAnswer = await login.client.post('/api/auth/login', {
      identifier: 'wiola',
      password: 'Sekretne-Haslo-42',
    });
    check('post', '/api/auth/login', loginAnswer);
    const send = await login.client.post('/api/auth/mfa/send-email', {
      user_id: login.answer.user_id,
    });
    expect(check('post', '/api/auth/mfa/send-email', send).statusCode).toBe(400);
    const verified = await login.client.post('/api/auth/mfa/verify', {
      user_id: login.answer.user_id,
      code: appCode(secret, clock),
      method: 'totp',
    });
    expect(check('post', '/api/auth/mfa/verify', verified).statusCode).toBe(200);

    clock.advance(STEP_MS);
    const fresh = await client.post('/api/profile/recovery-codes', {
      code: appCode(secret, clock),
    });
    expect(check('post', '/api/profile/recovery-codes', fresh).statusCode).toBe(200);
    clock.advance(STEP_MS);
    const off = await client.post('/api/profile/totp/disable', { code: appCode(secret, clock) });
    expect(check('post', '/api/profile/totp/disable', off).statusCode).toBe(200);
    const offAgain = await client.post('/api/profile/totp/disable', { code: '123456' });
    expect(check('post', '/api/profile/totp/disable', offAgain).statusCode).toBe(400);
  });
});
