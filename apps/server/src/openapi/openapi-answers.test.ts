import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext, registerUser } from '../../test/helpers';
import { mailTitled } from '../../test/mail-helpers';
import { answerChecker, documentedOperation, servedDocument } from '../../test/openapi-helpers';
import { startPushService } from '../../test/push-service';
import { SoftwareAuthenticator } from '../../test/software-authenticator';
import { createTicket, pngImage, postMessage, quickUser } from '../../test/tickets-helpers';
import { TestClock } from '../lib/clock';
import { asksStaffFilters } from '../modules/tickets/service/staff-filters';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

/**
 * Real answers checked against the document: the status must be documented
 * for that call, a JSON answer must match its schema (answer schemas allow no
 * undeclared field), and any other answer must have a documented media type.
 */
async function setup() {
  const clock = new TestClock(Date.now());
  const app = await ctx.app({ clock });
  const expectDocumented = answerChecker(await servedDocument(app));
  return { app, clock, expectDocumented };
}

const dorota = { username: 'dorota', email: 'dorota@example.com', password: 'Sekretne-Haslo-42' };

describe('real answers match the document', () => {
  it('registration, me, login, logout and password reset, with their refusals', async () => {
    const { app, expectDocumented: check } = await setup();
    const client = new Client(app);
    expect((await check('get', '/api/auth/me', await client.get('/api/auth/me'))).statusCode).toBe(
      401,
    );

    const badName = await client.post('/api/auth/register', { ...dorota, username: 'a' });
    expect(check('post', '/api/auth/register', badName).statusCode).toBe(400);
    const registered = await client.post('/api/auth/register', dorota);
    expect(check('post', '/api/auth/register', registered).statusCode).toBe(200);
    const code = codeFrom(await ctx.mail.last(dorota.email));
    const verified = await client.post('/api/auth/verify-email', { ...dorota, code });
    expect(check('post', '/api/auth/verify-email', verified).statusCode).toBe(200);
    const again = await new Client(app).post('/api/auth/register', dorota);
    expect(check('post', '/api/auth/register', again).statusCode).toBe(409);

    const me = check('get', '/api/auth/me', await client.get('/api/auth/me'));
    expect(me.json()).toMatchObject({ is_staff: false, isStaff: false });

    const stranger = new Client(app);
    const missing = await stranger.post('/api/auth/login', { identifier: 'dorota' });
    expect(check('post', '/api/auth/login', missing).json()).toEqual({
      error: 'missing_credentials',
    });
    const wrong = await stranger.post('/api/auth/login', {
      identifier: 'dorota',
      password: 'nie-to',
    });
    expect(check('post', '/api/auth/login', wrong).statusCode).toBe(401);
    const login = await stranger.post('/api/auth/login', {
      identifier: 'dorota',
      password: dorota.password,
    });
    expect(check('post', '/api/auth/login', login).statusCode).toBe(200);
    expect(
      check('post', '/api/auth/logout', await stranger.post('/api/auth/logout')).statusCode,
    ).toBe(200);

    const reset = await stranger.post('/api/auth/password-reset/request', { email: dorota.email });
    expect(check('post', '/api/auth/password-reset/request', reset).statusCode).toBe(200);
    const badToken = await stranger.post('/api/auth/password-reset/confirm', {
      token: 'nie-ma-takiego',
      password: 'Nowe-Haslo-1234',
    });
    expect(check('post', '/api/auth/password-reset/confirm', badToken).json()).toEqual({
      error: 'invalid_token',
    });
  });

  it('turning 2FA on and the code step of a sign-in', async () => {
    const { app, clock, expectDocumented: check } = await setup();
    const { client } = await registerUser(app, ctx.mail, dorota);
    const request = await client.post('/api/profile/mfa/enable/request');
    expect(check('post', '/api/profile/mfa/enable/request', request).statusCode).toBe(200);
    const enableCode = codeFrom(await ctx.mail.last(dorota.email));
    const badCode = await client.post('/api/profile/mfa/enable/confirm', { code: '000000' });
    expect(check('post', '/api/profile/mfa/enable/confirm', badCode).statusCode).toBe(400);
    const enabled = await client.post('/api/profile/mfa/enable/confirm', { code: enableCode });
    expect(check('post', '/api/profile/mfa/enable/confirm', enabled).statusCode).toBe(200);
    ctx.mail.clear();

    const browser = new Client(app);
    const password = await browser.post('/api/auth/login', {
      identifier: dorota.email,
      password: dorota.password,
    });
    const { user_id } = check('post', '/api/auth/login', password).json();
    expect(password.json()).toEqual({
      mfa_required: true,
      user_id: expect.any(Number),
      methods: ['email'],
    });
    await ctx.mail.last(dorota.email);
    ctx.mail.clear();
    // Code e-mails to one address are throttled; the resend comes a while later.
    clock.advance(61_000);
    const resent = await browser.post('/api/auth/mfa/resend', { user_id });
    expect(check('post', '/api/auth/mfa/resend', resent).statusCode).toBe(200);
    const loginCode = codeFrom(await ctx.mail.last(dorota.email));
    const wrong = await browser.post('/api/auth/mfa/verify', { user_id, code: '000000' });
    expect(check('post', '/api/auth/mfa/verify', wrong).json()).toEqual({ error: 'invalid_code' });
    const verified = await browser.post('/api/auth/mfa/verify', { user_id, code: loginCode });
    expect(check('post', '/api/auth/mfa/verify', verified).statusCode).toBe(200);
  });

  it('profile calls and health', async () => {
    const { app, expectDocumented: check } = await setup();
    const { client } = await quickUser(app, { username: 'ewa' });
    const { client: other } = await quickUser(app, { username: 'filip' });
    const renamed = await client.post('/api/profile/username', { username: 'ewa_k' });
    expect(check('post', '/api/profile/username', renamed).json()).toEqual({
      ok: true,
      username: 'ewa_k',
    });
    const taken = await other.post('/api/profile/username', { username: 'ewa_k' });
    expect(check('post', '/api/profile/username', taken).statusCode).toBe(409);
    const prefs = await client.get('/api/profile/notifications');
    expect(check('get', '/api/profile/notifications', prefs).statusCode).toBe(200);
    const off = await client.post('/api/profile/notifications', { email: false });
    expect(check('post', '/api/profile/notifications', off).json()).toEqual({ email: false });
    // The export asks for the password, so it needs an account that has a real one.
    const { client: owner } = await registerUser(app, ctx.mail, {
      username: 'eksport',
      email: 'eksport@example.com',
    });
    const refused = await owner.post('/api/profile/export', { password: 'nie-to' });
    expect(check('post', '/api/profile/export', refused).json()).toEqual({
      error: 'invalid_credentials',
    });
    const exported = await owner.post('/api/profile/export', { password: 'Sekretne-Haslo-42' });
    expect(check('post', '/api/profile/export', exported).headers['content-type']).toBe(
      'application/zip',
    );
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(check('get', '/api/health', health).statusCode).toBe(200);
  });

  it('sessions list, ending a session, password and e-mail change (issue 19)', async () => {
    const { app, expectDocumented: check } = await setup();
    const { client } = await registerUser(app, ctx.mail, {
      username: 'sesje',
      email: 'sesje@example.com',
    });
    const listed = check('get', '/api/profile/sessions', await client.get('/api/profile/sessions'));
    expect(listed.json().sessions).toHaveLength(1);
    const gone = await client.request('DELETE', '/api/profile/sessions/999999');
    expect(check('delete', '/api/profile/sessions/{id}', gone).statusCode).toBe(404);
    const wrong = await client.post('/api/profile/password', {
      current_password: 'nie-to',
      new_password: 'Zupelnie-Nowe-Haslo-7',
    });
    expect(check('post', '/api/profile/password', wrong).statusCode).toBe(400);
    const changed = await client.post('/api/profile/password', {
      current_password: 'Sekretne-Haslo-42',
      new_password: 'Zupelnie-Nowe-Haslo-7',
    });
    expect(check('post', '/api/profile/password', changed).statusCode).toBe(200);
    const asked = await client.post('/api/profile/email', {
      new_email: 'sesje2@example.com',
      password: 'Zupelnie-Nowe-Haslo-7',
    });
    expect(check('post', '/api/profile/email', asked).statusCode).toBe(200);
    const code = codeFrom(await ctx.mail.last('sesje2@example.com'));
    const confirmed = await client.post('/api/profile/email/confirm', { code });
    expect(check('post', '/api/profile/email/confirm', confirmed).statusCode).toBe(200);
    const [own] = listed.json().sessions as Array<{ id: number }>;
    const ended = await client.request('DELETE', `/api/profile/sessions/${own?.id}`);
    expect(check('delete', '/api/profile/sessions/{id}', ended).json()).toEqual({ ok: true });
  });

  it('tickets list, create, thread, post, status, delete and files', async () => {
    const { app, expectDocumented: check } = await setup();
    const alice = await quickUser(app, { username: 'alicja' });
    const bob = await quickUser(app, { username: 'bartek' });
    const staff = await quickUser(app, { username: 'obsluga', isAdmin: true });

    const empty = await alice.client.get('/api/tickets');
    expect(check('get', '/api/tickets', empty).json()).toEqual({ tickets: [], next_cursor: null });
    const badQuery = await alice.client.get('/api/tickets?limit=0');
    expect(check('get', '/api/tickets', badQuery).statusCode).toBe(400);

    const image = { filename: 'zrzut.png', data: await pngImage(), type: 'image/png' };
    const created = await createTicket(alice.client, { body: 'Nie działa', files: [image] });
    const { id } = check('post', '/api/tickets', created).json();
    expect(created.statusCode).toBe(201);
    const list = await staff.client.get('/api/tickets');
    expect(check('get', '/api/tickets', list).json().tickets).toHaveLength(1);

    const threadPath = '/api/tickets/{id}/messages';
    const thread = check('get', threadPath, await alice.client.get(`/api/tickets/${id}/messages`));
    const [file] = thread.json().messages[0].files;
    expect(file).toMatchObject({ isImage: true, thumbnailUrl: expect.any(String) });
    const hidden = await bob.client.get(`/api/tickets/${id}/messages`);
    expect(check('get', threadPath, hidden).statusCode).toBe(404);
    const posted = await postMessage(staff.client, id, { body: 'Już patrzymy' });
    expect(check('post', threadPath, posted).statusCode).toBe(201);
    const reply = posted.json().message.id;

    // Read state, one ticket and the unread total (DESIGN.md §7.2, §7.5).
    const page = await alice.client.get(`/api/tickets/${id}/messages?mark_read=false&limit=1`);
    expect(check('get', threadPath, page).json().has_more).toBe(true);
    const unread = await alice.client.get('/api/tickets/unread-count');
    expect(check('get', '/api/tickets/unread-count', unread).json()).toEqual({ unread: 1 });
    const one = await alice.client.get(`/api/tickets/${id}`);
    expect(check('get', '/api/tickets/{id}', one).json().ticket.id).toBe(id);
    const read = await alice.client.post(`/api/tickets/${id}/read`, { up_to: reply });
    expect(check('post', '/api/tickets/{id}/read', read).json()).toEqual({ unread_count: 0 });
    const again = await alice.client.post(`/api/tickets/${id}/unread`, {});
    expect(check('post', '/api/tickets/{id}/unread', again).json()).toEqual({ unread_count: 1 });

    const statusPath = '/api/tickets/{id}/status';
    const url = `/api/tickets/${id}/status`;
    const notStaff = await alice.client.request('PATCH', url, { status: 'closed' });
    expect(check('patch', statusPath, notStaff).statusCode).toBe(403);
    const closed = await staff.client.request('PATCH', url, { status: 'closed' });
    expect(check('patch', statusPath, closed).json()).toEqual({ id, status: 'closed' });
    const late = await postMessage(alice.client, id, { body: 'Jeszcze jedno' });
    expect(check('post', threadPath, late).json()).toEqual({ error: 'ticket_closed' });

    const served = await alice.client.get(file.url);
    expect(check('get', '/api/files/{id}', served).headers['content-type']).toBe('image/png');
    const thumbnail = await alice.client.get(file.thumbnailUrl);
    expect(check('get', '/api/files/{id}/thumbnail', thumbnail).statusCode).toBe(200);
    const absent = await alice.client.get(`/api/files/${randomUUID()}`);
    expect(check('get', '/api/files/{id}', absent).statusCode).toBe(404);

    const deleted = await staff.client.request('DELETE', `/api/tickets/${id}`);
    expect(check('delete', '/api/tickets/{id}', deleted).json()).toEqual({ ok: true });
  });

  it('every staff-only value of a list parameter: a customer’s 403 and the parameter say so in the document', async () => {
    const { app, expectDocumented: check } = await setup();
    const alice = await quickUser(app, { username: 'alicja' });
    const staff = await quickUser(app, { username: 'obsluga', isAdmin: true });
    const document = await servedDocument(app);
    const parameters = documentedOperation(document, 'get', '/api/tickets').parameters as Array<{
      name: string;
      in: string;
      schema: { enum?: string[]; description?: string };
    }>;
    // Each value the document offers (and one of each free-text parameter), asked alone.
    const samples: Record<string, string> = { q: 'faktura', assignee: 'me', limit: '5' };
    const asked = parameters
      .filter((p) => p.in === 'query' && p.name !== 'cursor')
      .flatMap((p) =>
        (p.schema.enum ?? [samples[p.name] ?? 'x']).map((value) => ({ parameter: p, value })),
      );
    let staffOnly = 0;
    for (const { parameter, value } of asked) {
      const url = `/api/tickets?${new URLSearchParams({ [parameter.name]: value })}`;
      const isStaffOnly = asksStaffFilters({ [parameter.name]: value });
      const answer = check('get', '/api/tickets', await alice.client.get(url));
      expect(answer.statusCode, url).toBe(isStaffOnly ? 403 : 200);
      expect(check('get', '/api/tickets', await staff.client.get(url)).statusCode, url).toBe(200);
      if (!isStaffOnly) continue;
      staffOnly++;
      expect(answer.json()).toEqual({ error: 'forbidden' });
      expect(parameter.schema.description, `${parameter.name}=${value}`).toMatch(/staff only/i);
    }
    expect(staffOnly).toBe(10);
  });

  it('passkeys: the profile list and both sign-ins', async () => {
    const { app, clock, expectDocumented: check } = await setup();
    const { client, user } = await registerUser(app, ctx.mail, dorota);
    const key = new SoftwareAuthenticator();
    const creation = await client.post('/api/profile/passkeys/options');
    check('post', '/api/profile/passkeys/options', creation);
    const response = key.create(creation.json());
    const added = await client.post('/api/profile/passkeys', { name: 'Laptop', response });
    const { id } = check('post', '/api/profile/passkeys', added).json().passkey;
    check('get', '/api/profile/passkeys', await client.get('/api/profile/passkeys'));
    const url = `/api/profile/passkeys/${id}`;
    const renamed = await client.request('PATCH', url, { name: 'Telefon' });
    expect(check('patch', '/api/profile/passkeys/{id}', renamed).statusCode).toBe(200);
    const absent = await client.request('PATCH', '/api/profile/passkeys/999', { name: 'x' });
    expect(check('patch', '/api/profile/passkeys/{id}', absent).statusCode).toBe(404);

    const browser = new Client(app);
    const request = await browser.post('/api/auth/passkey/options');
    check('post', '/api/auth/passkey/options', request);
    const signedIn = await browser.post('/api/auth/passkey/verify', {
      response: key.get(request.json()),
    });
    expect(check('post', '/api/auth/passkey/verify', signedIn).statusCode).toBe(200);
    const replay = await browser.post('/api/auth/passkey/verify', {
      response: key.get(request.json()),
    });
    expect(check('post', '/api/auth/passkey/verify', replay).statusCode).toBe(400);

    await client.post('/api/profile/mfa/enable/request');
    const code = codeFrom(await ctx.mail.last(dorota.email));
    await client.post('/api/profile/mfa/enable/confirm', { code });
    clock.advance(61_000);
    const second = new Client(app);
    const password = await second.post('/api/auth/login', {
      identifier: dorota.username,
      password: dorota.password,
    });
    expect(check('post', '/api/auth/login', password).json().methods).toEqual(['email', 'passkey']);
    const factor = await second.post('/api/auth/mfa/passkey/options', { user_id: user.id });
    check('post', '/api/auth/mfa/passkey/options', factor);
    const finished = await second.post('/api/auth/mfa/passkey/verify', {
      user_id: user.id,
      response: key.get(factor.json()),
    });
    expect(check('post', '/api/auth/mfa/passkey/verify', finished).statusCode).toBe(200);
    const removed = await client.request('DELETE', url);
    expect(check('delete', '/api/profile/passkeys/{id}', removed).json()).toEqual({ ok: true });
  });

  it('recent confirmation, „To nie ja” and the staff reset of second factors (issue 28)', async () => {
    const { app, clock, expectDocumented: check } = await setup();
    const { client, user } = await registerUser(app, ctx.mail, dorota);
    clock.advance(601_000);
    const stale = await client.post('/api/profile/totp/setup');
    expect(check('post', '/api/profile/totp/setup', stale).json()).toEqual({
      error: 'reauth_required',
    });
    const stalePasskey = await client.post('/api/profile/passkeys/options');
    expect(check('post', '/api/profile/passkeys/options', stalePasskey).statusCode).toBe(403);
    const wrong = await client.post('/api/profile/reauth', { password: 'nie-to' });
    expect(check('post', '/api/profile/reauth', wrong).statusCode).toBe(400);
    const noCode = await client.post('/api/profile/reauth/code');
    expect(check('post', '/api/profile/reauth/code', noCode).statusCode).toBe(403);
    const confirmed = await client.post('/api/profile/reauth', { password: dorota.password });
    expect(check('post', '/api/profile/reauth', confirmed).statusCode).toBe(200);

    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const url = `/api/admin/customers/${user.id}/reset-2fa`;
    const mistyped = await admin.client.post(url, { confirm: 'dorotka' });
    expect(check('post', '/api/admin/customers/{id}/reset-2fa', mistyped).statusCode).toBe(400);
    const reset = await admin.client.post(url, { confirm: 'DOROTA' });
    expect(check('post', '/api/admin/customers/{id}/reset-2fa', reset).statusCode).toBe(200);

    const unknown = await new Client(app).post('/api/security/lock', { token: 'x'.repeat(43) });
    expect(check('post', '/api/security/lock', unknown).statusCode).toBe(400);
    const alert = await mailTitled(
      ctx.mail,
      dorota.email,
      'Zabezpieczenia logowania zostały zresetowane',
    );
    expect(alert.text).not.toContain('/security/lock');
    const browser = new Client(app);
    await browser.post('/api/auth/login', { identifier: 'dorota', password: dorota.password });
    await browser.post('/api/profile/password', {
      current_password: dorota.password,
      new_password: 'Zupelnie-Nowe-Haslo-77',
    });
    const changed = await mailTitled(ctx.mail, dorota.email, 'Hasło zostało zmienione');
    const token = changed.text.match(/security\/lock\?token=([\w-]+)/)?.[1] ?? '';
    const locked = await new Client(app).post('/api/security/lock', { token });
    expect(check('post', '/api/security/lock', locked).json()).toEqual({ ok: true });
    const refused = await new Client(app).post('/api/auth/login', {
      identifier: 'dorota',
      password: 'Zupelnie-Nowe-Haslo-77',
    });
    expect(check('post', '/api/auth/login', refused).json()).toEqual({
      error: 'password_reset_required',
    });
  });
  it('push: key, devices, subscribe, test push, unsubscribe, with their refusals', async () => {
    const service = await startPushService();
    try {
      const app = await ctx.app({ env: { PUSH_ALLOW_LOOPBACK: '1' } });
      const check = answerChecker(await servedDocument(app));
      const { client } = await quickUser(app, { username: 'Ewa' });
      const device = service.device();
      check('get', '/api/push/public-key', await client.get('/api/push/public-key'));
      const added = await client.post('/api/push/subscriptions', device.subscription);
      expect(check('post', '/api/push/subscriptions', added).statusCode).toBe(201);
      const again = await client.post('/api/push/subscriptions', device.subscription);
      expect(check('post', '/api/push/subscriptions', again).statusCode).toBe(200);
      const refused = await client.post('/api/push/subscriptions', {
        ...device.subscription,
        endpoint: 'https://10.0.0.1/push',
      });
      expect(check('post', '/api/push/subscriptions', refused).statusCode).toBe(400);
      check('get', '/api/push/subscriptions', await client.get('/api/push/subscriptions'));
      const sent = await client.post('/api/push/test', { endpoint: device.endpoint });
      expect(check('post', '/api/push/test', sent).statusCode).toBe(202);
      await service.waitFor(1);
      const unknown = await client.post('/api/push/test', { endpoint: 'https://push.example/x' });
      expect(check('post', '/api/push/test', unknown).statusCode).toBe(404);
      const removed = await client.request('DELETE', '/api/push/subscriptions', {
        endpoint: device.endpoint,
      });
      // No body: the checker reads media types, and a 204 has none.
      expect(removed.statusCode).toBe(204);
      await app.jobs.runDue();
    } finally {
      await service.close();
    }
  });
});
