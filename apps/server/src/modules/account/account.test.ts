import fs from 'node:fs';
import path from 'node:path';
import { eq, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
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
import * as schema from '../../db/schema/index';
import {
  passkeys,
  pushSubscriptions,
  securityLog,
  sessions,
  ticketAttachments,
  ticketMessages,
  tickets,
  users,
} from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { passwords } from '../auth/index';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const zofia = { username: 'zofia', email: 'zofia@example.com', password: 'Sekretne-Haslo-42' };

/** 'Pobierz moje dane': a POST confirmed with the account's password (findings 2 and 20). */
const requestExport = (client: Client, password = zofia.password) =>
  client.post('/api/profile/export', { password });

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
  it('puts each message under its own ticket, in order, whatever the tickets interleave', async () => {
    const { client, ticketId } = await customerWithTicket();
    const second = (await createTicket(client, { body: 'Drugie zgłoszenie' })).json().id as number;
    expect(
      (await postMessage(client, ticketId, { body: 'Dopisuję do pierwszego' })).statusCode,
    ).toBe(201);
    expect((await postMessage(client, second, { body: 'Dopisuję do drugiego' })).statusCode).toBe(
      201,
    );
    const files = unzipSync(new Uint8Array((await requestExport(client)).rawPayload));
    const exported = JSON.parse(new TextDecoder().decode(files['zgloszenia.json']));
    const bodiesBySeq = Object.fromEntries(
      exported.map((t: { seq: number; messages: Array<{ body: string }> }) => [
        t.seq,
        t.messages.map((m) => m.body),
      ]),
    );
    expect(bodiesBySeq).toEqual({
      1: ['Nie działa płatność', 'Sprawdzamy.', 'Dopisuję do pierwszego'],
      2: ['Drugie zgłoszenie', 'Dopisuję do drugiego'],
    });
  });

  it('downloads a ZIP with the account, every ticket and message, and the attachments', async () => {
    const { client } = await customerWithTicket();
    const response = await requestExport(client);
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
    // Registered, so it has a password to confirm its export with.
    const other = await registerUser(app, ctx.mail, {
      username: 'inny',
      email: 'inny@example.com',
    });
    await createTicket(other.client, { body: 'Moje własne' });
    const files = unzipSync(
      new Uint8Array((await requestExport(other.client, other.password)).rawPayload),
    );
    const exported = JSON.parse(new TextDecoder().decode(files['zgloszenia.json']));
    expect(exported).toHaveLength(1);
    expect(exported[0].messages[0].body).toBe('Moje własne');
    expect(JSON.stringify(exported)).not.toContain('płatność');
  });

  it('needs a session and is rate-limited', async () => {
    const { app, client } = await customerWithTicket();
    expect((await requestExport(new Client(app))).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await requestExport(client)).statusCode).toBe(200);
    const limited = await requestExport(client);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('the export holds every part of the account, and only the owner’s (issue 34)', () => {
  const read = (files: Record<string, Uint8Array>, name: string) =>
    JSON.parse(new TextDecoder().decode(files[name]));
  const exportOf = async (who: { client: Client; password: string }) => {
    const response = await requestExport(who.client, who.password);
    expect(response.statusCode).toBe(200);
    return unzipSync(new Uint8Array(response.rawPayload));
  };

  it('staff: the reply signature and the new-ticket mail choice; customers: ratings, preferences, devices and mails sent', async () => {
    const app = await ctx.app({ env: { ADMIN_EMAILS: 'anna@example.com,bartek@example.com' } });
    const anna = await registerUser(app, ctx.mail, { username: 'anna', email: 'anna@example.com' });
    const bartek = await registerUser(app, ctx.mail, {
      username: 'bartek',
      email: 'bartek@example.com',
    });
    const celina = await registerUser(app, ctx.mail, {
      username: 'celina',
      email: 'celina@example.com',
    });
    const dawid = await registerUser(app, ctx.mail, {
      username: 'dawid',
      email: 'dawid@example.com',
    });
    for (const [who, signature, newTickets] of [
      [anna, 'Pozdrawiam, Anna z obsługi', 'none'],
      [bartek, 'Do usłyszenia, Bartek', 'each'],
    ] as const) {
      expect(
        (await who.client.request('PUT', '/api/profile/signature', { signature })).statusCode,
      ).toBe(200);
      const prefs = { new_tickets: newTickets, assigned_overdue: newTickets === 'each' };
      expect(
        (await who.client.request('PUT', '/api/profile/staff-notifications', prefs)).statusCode,
      ).toBe(200);
    }
    for (const [who, score, comment] of [
      [celina, 'good', 'Szybko i sprawnie'],
      [dawid, 'bad', 'Za wolno'],
    ] as const) {
      const { id } = (
        await createTicket(who.client, { body: `Pytanie od ${who.user.username}` })
      ).json();
      await anna.client.request('PATCH', `/api/tickets/${id}/status`, { status: 'closed' });
      expect(
        (await who.client.post(`/api/tickets/${id}/rating`, { score, comment })).statusCode,
      ).toBeLessThan(300);
    }
    await celina.client.post('/api/profile/notifications', { email: false });
    const now = app.deps.clock.now();
    for (const [who, device] of [
      [celina, 'Firefox 140 · Linux'],
      [dawid, 'Chrome 131 · Android 14'],
    ] as const) {
      await app.deps.db.insert(pushSubscriptions).values({
        userId: who.user.id,
        endpoint: `https://push.example.com/${who.user.username}`,
        p256dh: `klucz-${who.user.username}`,
        auth: `sekret-${who.user.username}`,
        device,
        createdAt: now,
      });
      await app.deps.db.insert(passkeys).values({
        userId: who.user.id,
        credentialId: `cred-${who.user.username}`,
        publicKey: `pub-${who.user.username}`,
        name: `Klucz ${who.user.username}`,
        createdAt: now,
      });
    }
    await app.jobs.runDue();

    const annaFiles = await exportOf(anna);
    const annaAccount = read(annaFiles, 'konto.json');
    expect(annaAccount.reply_signature).toEqual({
      body: 'Pozdrawiam, Anna z obsługi',
      updated_at: expect.any(String),
    });
    expect(annaAccount.notifications).toEqual({
      email: true,
      staff: { new_tickets: 'none', assigned_overdue: false },
    });
    const annaAll = Object.values(annaFiles)
      .map((f) => new TextDecoder().decode(f))
      .join('\n');
    expect(annaAll).not.toContain('Bartek');
    expect(annaAll).not.toContain('Szybko i sprawnie');

    const celinaFiles = await exportOf(celina);
    const celinaAccount = read(celinaFiles, 'konto.json');
    expect(celinaAccount.notifications).toEqual({ email: false, staff: null });
    expect(celinaAccount.reply_signature).toBeNull();
    expect(celinaAccount.sign_in).toMatchObject({
      has_password: true,
      authenticator_app: null,
      recovery_codes: { total: 0, unused: 0 },
      passkeys: [{ name: 'Klucz celina', created_at: expect.any(String), last_used_at: null }],
    });
    const [ticket] = read(celinaFiles, 'zgloszenia.json');
    expect(ticket).toMatchObject({
      number: expect.any(Number),
      subject: 'Pytanie od celina',
      status: 'closed',
      rating: { score: 'good', comment: 'Szybko i sprawnie', rated_at: expect.any(String) },
    });
    const devices = read(celinaFiles, 'urzadzenia.json');
    expect(devices.push).toEqual([
      { device: 'Firefox 140 · Linux', created_at: expect.any(String), last_push_at: null },
    ]);
    expect(devices.sessions.length).toBeGreaterThan(0);
    expect(devices.sessions).toHaveLength(
      (await app.deps.db.select().from(sessions).where(eq(sessions.userId, celina.user.id))).length,
    );
    const celinaAll = Object.values(celinaFiles)
      .map((f) => new TextDecoder().decode(f))
      .join('\n');
    for (const foreign of ['Za wolno', 'Chrome 131', 'Klucz dawid', 'dawid@example.com', 'Anna']) {
      expect(celinaAll).not.toContain(foreign);
    }
    // No secret of a way to sign in: not the push keys, the passkey, a hash or the password.
    for (const secret of ['sekret-celina', 'klucz-celina', 'pub-celina', 'cred-celina', 'argon2']) {
      expect(celinaAll).not.toContain(secret);
    }
  });

  it('docs/security.md names every table of the schema, in the export or why not', () => {
    const doc = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../../docs/security.md'),
      'utf8',
    );
    const section = doc.slice(doc.indexOf('### What the data export holds'));
    const tables = Object.values(schema)
      .filter((value) => is(value, PgTable))
      .map((table) => getTableName(table as PgTable));
    expect(tables.length).toBeGreaterThan(30);
    expect(tables.filter((name) => !section.includes(`\`${name}\``))).toEqual([]);
  });

  it('lists the ticket e-mails sent to the user, and no one else’s', async () => {
    const clock = new TestClock();
    const app = await ctx.app({ clock });
    const { client, user } = await registerUser(app, ctx.mail, zofia);
    const ticketId = (await createTicket(client, { body: 'Moje' })).json().id as number;
    const staff = await quickUser(app, { username: 'obsluga', isAdmin: true });
    await postMessage(staff.client, ticketId, { body: 'Odpowiedź dla Zofii' });
    const other = await registerUser(app, ctx.mail, {
      username: 'inny',
      email: 'inny@example.com',
    });
    const theirs = (await createTicket(other.client, { body: 'Cudze' })).json().id as number;
    await postMessage(staff.client, theirs, { body: 'Odpowiedź dla innego' });
    clock.advance(10 * 60_000);
    await app.jobs.runDue();
    expect(ctx.mail.messages.some((m) => m.to === 'inny@example.com')).toBe(true);
    const mailed = read(
      unzipSync(new Uint8Array((await requestExport(client)).rawPayload)),
      'wyslane-powiadomienia.json',
    );
    expect(mailed.length).toBeGreaterThan(0);
    for (const m of mailed)
      expect(m).toEqual({ ticket_id: ticketId, email: user.email, sent_at: expect.any(String) });
  });
});

describe('export confirmed with the password (finding 20)', () => {
  it('a wrong password answers 400 invalid_credentials and sends no data', async () => {
    const { client } = await customerWithTicket();
    const wrong = await requestExport(client, 'Nie-To-Haslo-1');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'invalid_credentials' });
    expect(wrong.headers['content-type']).not.toBe('application/zip');
  });

  it('checks the password as stored now, not as cached with the session', async () => {
    const { client, user } = await customerWithTicket();
    expect((await requestExport(client)).statusCode).toBe(200);
    await ctx.database.db
      .update(users)
      .set({ passwordHash: await passwords.hash('Zmienione-Haslo-9') })
      .where(eq(users.id, user.id));
    expect((await requestExport(client)).json()).toEqual({ error: 'invalid_credentials' });
    expect((await requestExport(client, 'Zmienione-Haslo-9')).statusCode).toBe(200);
  });

  it('cannot be started by a link or a cross-site form', async () => {
    const { client } = await customerWithTicket();
    expect((await client.get('/api/profile/export')).statusCode).toBe(404);
    const forged = await client.post(
      '/api/profile/export',
      { password: zofia.password },
      { origin: 'https://evil.example' },
    );
    expect(forged.statusCode).toBe(403);
  });

  it('names attachments truthfully: the extension of the type found in the bytes', async () => {
    const { client } = await customerWithTicket();
    await ctx.database.db.update(ticketAttachments).set({ filename: 'faktura.pdf.exe' });
    const files = unzipSync(new Uint8Array((await requestExport(client)).rawPayload));
    const attachment = Object.keys(files).find((n) => n.startsWith('zalaczniki/'));
    expect(attachment).toMatch(/^zalaczniki\/1\/[0-9a-f]{8}-faktura\.pdf\.png$/);
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
