import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { Client, codeFrom, type MailCapture, registerUser } from './helpers';
import { type Bend, SoftwareAuthenticator } from './software-authenticator';

export const ala = { username: 'ala', email: 'ala@example.com' };
export const bartek = { username: 'bartek', email: 'bartek@example.com' };
/** Every refused WebAuthn answer, whichever check failed. */
export const INVALID_PASSKEY = { error: 'invalid_passkey' };

/** Adds a passkey through the profile calls, as the browser would. */
export async function addPasskey(
  client: Client,
  authenticator: SoftwareAuthenticator,
  name = 'Laptop',
  bend: Bend = {},
) {
  const options = await client.post('/api/profile/passkeys/options');
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.create(options.json(), bend);
  return client.post('/api/profile/passkeys', { name, response });
}

/** A fresh browser's passkey sign-in; answers the verify call. */
export async function signInWithPasskey(
  app: FastifyInstance,
  authenticator: SoftwareAuthenticator,
  bend: Bend = {},
  client = new Client(app),
) {
  const options = await client.post('/api/auth/passkey/options');
  expect(options.statusCode, options.body).toBe(200);
  const response = authenticator.get(options.json(), bend);
  return { client, answer: await client.post('/api/auth/passkey/verify', { response }) };
}

/** A registered user holding one passkey on a software authenticator. */
export async function userWithPasskey(
  app: FastifyInstance,
  mail: MailCapture,
  input: { username: string; email: string },
) {
  const registered = await registerUser(app, mail, input);
  const authenticator = new SoftwareAuthenticator();
  const added = await addPasskey(registered.client, authenticator);
  expect(added.statusCode, added.body).toBe(200);
  return { ...registered, authenticator, passkeyId: added.json().passkey.id as number };
}

/** Turns e-mailed 2FA on for a signed-in client through the profile calls. */
export async function enableMfa(client: Client, mail: MailCapture, email: string) {
  expect((await client.post('/api/profile/mfa/enable/request')).statusCode).toBe(200);
  const code = codeFrom(await mail.last(email));
  expect((await client.post('/api/profile/mfa/enable/confirm', { code })).statusCode).toBe(200);
  mail.clear();
}
