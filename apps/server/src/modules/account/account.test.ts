import { unzipSync } from 'fflate';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext, registerUser } from '../../../test/helpers';
import {
  createTicket,
  pngImage,
  postMessage,
  quickUser,
  uploadedFiles,
} from '../../../test/tickets-helpers';
import { securityLog, sessions, ticketMessages, tickets, users } from '../../db/schema/index';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const zofia = { username: 'zofia', email: 'zofia@example.com', password: 'Sekretne-Haslo-42' };

async function customerWithTicket() {
  const app = await ctx.app();
  const { client, user } = await registerUser(app, ctx.mail, zofia);
  const created = await createTicket(client, {
    body: 'Nie działa płatność',
    files: [{ filename: '../zrzut "ekranu".png', data: await pngImage(), type: 'image/png' }],
  });
  expect(created.statusCode).toBeLessThan(300);
  const ticketId = created.json().id as number;
  const staff = await quickUser(app, { username: 'obsluga', isAdmin: true });
  expect((await postMessage(staff.client, ticketId, { body: 'Sprawdzamy.' })).statusCode).toBe(201);
  return { app, client, user, ticketId, staff };
}

describe('export of the user’s own data', () => {
  it('downloads a ZIP with the account, every ticket and message, and the attachments', async () => {
    const { client } = await customerWithTicket();
    const response = await client.get('/api/profile/export');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="moje-dane-/);
    const files = unzipSync(new Uint8Array(response.rawPayload));
    const names = Object.keys(files);
    expect(names).toEqual(
      expect.arrayContaining([
        'CZYTAJ-TO.txt',
        'konto.json',
        'zgloszenia.json',
        'dziennik-bezpieczenstwa.json',
      ]),
    );
    const account = JSON.parse(new TextDecoder().decode(files['konto.json']));
    expect(account).toMatchObject({ username: 'zofia', email: zofia.email });
    expect(JSON.stringify(account)).not.toContain('argon2');
    const exported = JSON.parse(new TextDecoder().decode(files['zgloszenia.json']));
    expect(exported).toHaveLength(1);
    expect(exported[0].messages.map((m: { body: string }) => m.body)).toEqual([
      'Nie działa płatność',
      'Sprawdzamy.',
    ]);
    const filePath = exported[0].messages[0].files[0].path as string;
    // The uploader's name never becomes a path: no '..' and no quotes inside the archive.
    expect(filePath).toMatch(/^zalaczniki\/1\/[0-9a-f]{8}-[\w.-]+$/);
    expect(filePath).not.toContain('..');
    const png = files[filePath] as Uint8Array;
    expect(Buffer.from(png.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    const log = JSON.parse(new TextDecoder().decode(files['dziennik-bezpieczenstwa.json']));
    expect(log.map((e: { event: string }) => e.event)).toContain('register');
  });

  it('contains only the requester’s tickets', async () => {
    const { app } = await customerWithTicket();
    const other = await quickUser(app, { username: 'inny' });
    await createTicket(other.client, { body: 'Moje własne' });
    const files = unzipSync(
      new Uint8Array((await other.client.get('/api/profile/export')).rawPayload),
    );
    const exported = JSON.parse(new TextDecoder().decode(files['zgloszenia.json']));
    expect(exported).toHaveLength(1);
    expect(exported[0].messages[0].body).toBe('Moje własne');
    expect(JSON.stringify(exported)).not.toContain('płatność');
  });

  it('needs a session and is rate-limited', async () => {
    const { app, client } = await customerWithTicket();
    expect((await new Client(app).get('/api/profile/export')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++)
      expect((await client.get('/api/profile/export')).statusCode).toBe(200);
    const limited = await client.get('/api/profile/export');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('deleting the account', () => {
  it('needs the e-mailed code, then removes the account, tickets, messages, files and sessions', async () => {
    const { app, client, user } = await customerWithTicket();
    expect(uploadedFiles(app).length).toBeGreaterThan(0);
    const other = await quickUser(app, { username: 'sasiad' });
    await createTicket(other.client, { body: 'Zostaje' });

    expect((await client.post('/api/profile/delete/request')).statusCode).toBe(200);
    const mail = await ctx.mail.last(zofia.email);
    expect(mail.subject).toBe('Usunięcie konta');
    const wrong = await client.post('/api/profile/delete/confirm', { code: '000000' });
    expect(wrong.json()).toEqual({ error: 'invalid_code' });
    expect(await ctx.database.db.select().from(users)).toHaveLength(3);

    const done = await client.post('/api/profile/delete/confirm', { code: codeFrom(mail) });
    expect(done.statusCode).toBe(200);
    const db = ctx.database.db;
    const remainingUsers = await db.select().from(users);
    expect(remainingUsers.map((u) => u.username).sort()).toEqual(['obsluga', 'sasiad']);
    const remainingTickets = await db.select().from(tickets);
    expect(remainingTickets.map((t) => t.ownerId)).toEqual([other.user.id]);
    const messages = await db.select().from(ticketMessages);
    expect(messages.map((m) => m.body)).toEqual(['Zostaje']);
    expect((await db.select().from(sessions)).some((s) => s.userId === user.id)).toBe(false);
    expect(uploadedFiles(app)).toHaveLength(0);
    expect((await client.get('/api/auth/me')).statusCode).toBe(401);
    const login = await new Client(app).post('/api/auth/login', {
      identifier: 'zofia',
      password: zofia.password,
    });
    expect(login.statusCode).toBe(401);
    const audit = await db.select().from(securityLog);
    expect(audit.some((e) => e.event === 'account_deleted')).toBe(true);
  });

  it('a deletion code cannot be used by another user, nor for 2FA', async () => {
    const { app, client } = await customerWithTicket();
    await client.post('/api/profile/delete/request');
    const code = codeFrom(await ctx.mail.last(zofia.email));
    const other = await quickUser(app, { username: 'cudzy' });
    expect((await other.client.post('/api/profile/delete/confirm', { code })).statusCode).toBe(400);
    expect((await client.post('/api/profile/mfa/enable/confirm', { code })).statusCode).toBe(400);
    expect(await ctx.database.db.select().from(users)).toHaveLength(3);
  });

  it('refuses a cross-site deletion and answers 401 without a session', async () => {
    const { app, client } = await customerWithTicket();
    const forged = await client.post(
      '/api/profile/delete/request',
      {},
      { origin: 'https://evil.example' },
    );
    expect(forged.statusCode).toBe(403);
    expect(
      (await new Client(app).post('/api/profile/delete/confirm', { code: '123456' })).statusCode,
    ).toBe(401);
  });
});
