import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import type { TestClock } from '../src/lib/clock';
import { Client, type MailCapture, registerUser } from './helpers';
import { mailTitled } from './mail-helpers';

export const STEP_MS = 30_000;

/** The app's code for `steps` 30-second steps away from the clock's now, as a phone would show it. */
export function appCode(secret: string, clock: TestClock, steps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    timestamp: clock.now().getTime() + steps * STEP_MS,
  });
}

/** Registers an account and turns the authenticator app on through the profile calls. */
export async function userWithTotp(
  app: FastifyInstance,
  mail: MailCapture,
  clock: TestClock,
  who: { username: string; email: string },
) {
  const { client, user, password } = await registerUser(app, mail, who);
  const setup = await client.post('/api/profile/totp/setup');
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json() as { secret: string };
  const confirmed = await client.post('/api/profile/totp/confirm', {
    code: appCode(secret, clock),
  });
  expect(confirmed.statusCode).toBe(200);
  const recoveryCodes = confirmed.json().recovery_codes as string[];
  // The alert goes out in the background: once it is in, a caller that clears
  // the capture and expects no mail is not surprised by it on a busy machine.
  await mailTitled(mail, who.email, 'Włączono aplikację uwierzytelniającą');
  // The confirming code's step is spent: the next code must come from a later step.
  clock.advance(STEP_MS);
  return { client, user, password, secret, recoveryCodes };
}

/** The password step from a fresh browser; answers the client holding the challenge cookie. */
export async function passwordStep(app: FastifyInstance, identifier: string, password: string) {
  const client = new Client(app);
  const response = await client.post('/api/auth/login', { identifier, password });
  expect(response.statusCode).toBe(200);
  expect(response.json().mfa_required).toBe(true);
  return { client, answer: response.json() as { user_id: number; methods?: string[] } };
}
