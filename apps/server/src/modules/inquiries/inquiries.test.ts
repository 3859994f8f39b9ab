import { TicketListAnswerSchema } from '@studio/shared/tickets';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CapturedMail, Client, createTestContext, registerUser } from '../../../test/helpers';
import { documentedAnswer, resolveSchema, servedDocument } from '../../../test/openapi-helpers';
import { postMessage, quickUser } from '../../../test/tickets-helpers';
import { inquiries, tickets, users } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { usernameBase } from '../guests/index';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const HOUR = 3_600_000;
const ewa = { name: 'Ewa Żółkiewska', email: 'ewa@example.com' };

async function world(env: Record<string, string> = {}) {
  const clock = new TestClock(Date.now());
  const app = await ctx.app({ clock, env });
  return { app, clock, visitor: new Client(app) };
}

const inquiry = (overrides: Record<string, unknown> = {}) => ({
  name: ewa.name,
  email: ewa.email,
  body: 'Dzień dobry, chcemy zamówić aplikację.',
  accept_terms: true,
  ...overrides,
});

function tokenFrom(mail: CapturedMail): string {
  const match = mail.text.match(/^http:\/\/localhost:3000\/contact\/confirm\?token=([\w-]{43})$/m);
  if (!match?.[1]) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[1];
}

async function writeAndConfirm(app: FastifyInstance, input = inquiry()) {
  const client = new Client(app);
  const sent = await client.post('/api/inquiries', input);
  expect(sent.statusCode).toBe(202);
  expect(sent.json()).toEqual({ ok: true });
  const token = tokenFrom(await ctx.mail.last(String(input.email)));
  const confirmed = await client.post('/api/inquiries/confirm', { token });
  expect(confirmed.statusCode).toBe(200);
  return { token, ticketId: confirmed.json().ticket_id as number, client };
}

async function ownerOf(app: FastifyInstance, ticketId: number) {
  const [row] = await app.deps.db
    .select({ user: users, ticket: tickets })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.ownerId))
    .where(eq(tickets.id, ticketId));
  if (!row) throw new Error('no ticket');
  return row;
}

describe('an inquiry from a new address', () => {
  it('mails a 24-hour link, and confirming it opens a ticket of a new guest account', async () => {
    const { app } = await world();
    const { ticketId } = await writeAndConfirm(app);
    const mail = ctx.mail.messages.find((m) => m.to === ewa.email);
    expect(mail?.subject).toBe('Potwierdź wiadomość do studia');
    expect(mail?.text).toContain('24 godziny');
    const { user, ticket } = await ownerOf(app, ticketId);
    expect(user.email).toBe(ewa.email);
    expect(user.passwordHash).toBeNull();
    expect(user.username).toBe('ewa-zolkiewska');
    expect(ticket.contactName).toBe(ewa.name);
    // Only the token's hash is kept, and the text lives on in the ticket only.
    const [row] = await app.deps.db.select().from(inquiries);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.body).toBe('');
  });

  it('shows staff the sender’s name and e-mail; the list of a customer has no such fields', async () => {
    const { app } = await world();
    const { ticketId } = await writeAndConfirm(app);
    const staff = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const list = (await staff.client.get('/api/tickets')).json();
    expect(list.tickets[0]).toMatchObject({
      id: ticketId,
      contact_name: ewa.name,
      contact_email: ewa.email,
      guest: true,
    });
    const one = (await staff.client.get(`/api/tickets/${ticketId}`)).json();
    expect(one.ticket.contact_email).toBe(ewa.email);
    const thread = (await staff.client.get(`/api/tickets/${ticketId}/messages`)).json();
    expect(thread.messages[0].body).toBe(inquiry().body);
    // The panel says the owner is a guest and names them as they wrote (issue 31).
    const panel = (
      await staff.client.get(`/api/admin/customers/${list.tickets[0].owner_id}`)
    ).json();
    expect(panel.customer).toMatchObject({ guest: true, name: ewa.name });
    expect(
      (await staff.client.get(`/api/admin/customers/${staff.user.id}`)).json().customer,
    ).toMatchObject({
      guest: false,
      name: null,
    });
  });

  it('gives two people of one name two usernames', async () => {
    const { app } = await world();
    const first = await writeAndConfirm(app);
    const second = await writeAndConfirm(app, inquiry({ email: 'inna.ewa@example.com' }));
    expect((await ownerOf(app, first.ticketId)).user.username).toBe('ewa-zolkiewska');
    expect((await ownerOf(app, second.ticketId)).user.username).toBe('ewa-zolkiewska-2');
  });

  it('folds names into valid usernames', () => {
    expect(usernameBase('Łukasz Ślęzak')).toBe('lukasz-slezak');
    expect(usernameBase('Jo')).toBe('gosc-jo');
    expect(usernameBase('!!!')).toBe('gosc-kontakt');
    expect(usernameBase('x'.repeat(60)).length).toBeLessThanOrEqual(20);
  });
});

describe('an inquiry from an address with an account', () => {
  it('answers the same and becomes a ticket of that account', async () => {
    const { app } = await world();
    const owner = await quickUser(app, { username: 'Ewa', email: 'EWA@example.com' });
    const { ticketId } = await writeAndConfirm(app);
    const { user } = await ownerOf(app, ticketId);
    expect(user.id).toBe(owner.user.id);
    const mine = (await owner.client.get('/api/tickets')).json();
    expect(mine.tickets.map((t: { id: number }) => t.id)).toEqual([ticketId]);
    expect(mine.tickets[0].contact_email).toBeUndefined();
    const [{ n } = { n: 0 }] = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users);
    expect(n).toBe(1);
  });
});

describe('confirmation', () => {
  it('twice, even at once, opens one ticket', async () => {
    const { app } = await world();
    const { token, ticketId, client } = await writeAndConfirm(app);
    const again = await client.post('/api/inquiries/confirm', { token });
    expect(again.json()).toEqual({ ticket_id: ticketId });
    const [{ n } = { n: 0 }] = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets);
    expect(n).toBe(1);
  });

  it('in parallel opens one ticket and one guest', async () => {
    const { app, visitor } = await world();
    await visitor.post('/api/inquiries', inquiry());
    const token = tokenFrom(await ctx.mail.last(ewa.email));
    const answers = await Promise.all(
      [1, 2, 3].map(() => new Client(app).post('/api/inquiries/confirm', { token })),
    );
    const ids = new Set(answers.map((a) => a.json().ticket_id));
    expect(ids.size).toBe(1);
    const [{ n } = { n: 0 }] = await app.deps.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets);
    expect(n).toBe(1);
  });

  it('refuses an expired link, and a forged one', async () => {
    const { app, clock, visitor } = await world();
    await visitor.post('/api/inquiries', inquiry());
    const token = tokenFrom(await ctx.mail.last(ewa.email));
    clock.advance(24 * HOUR + 1000);
    const late = await visitor.post('/api/inquiries/confirm', { token });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: 'invalid_token' });
    const forged = await visitor.post('/api/inquiries/confirm', { token: 'A'.repeat(43) });
    expect(forged.json()).toEqual({ error: 'invalid_token' });
    expect(await app.deps.db.select().from(tickets)).toHaveLength(0);
    expect(await app.deps.db.select().from(users)).toHaveLength(0);
  });

  it('counts wrong links per address: the 11th in 15 minutes is 429', async () => {
    const { visitor } = await world();
    for (let i = 0; i < 10; i++) {
      const wrong = await visitor.post('/api/inquiries/confirm', { token: `zly-${i}` });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await visitor.post('/api/inquiries/confirm', { token: 'zly-11' });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('a guest account', () => {
  it('cannot log in with any password, nor get a reset link', async () => {
    const { app } = await world();
    const { ticketId } = await writeAndConfirm(app);
    const { user } = await ownerOf(app, ticketId);
    for (const identifier of [user.username, ewa.email]) {
      for (const password of ['', 'x', 'Sekretne-Haslo-42', 'null']) {
        const tried = await new Client(app).post('/api/auth/login', { identifier, password });
        expect([400, 401]).toContain(tried.statusCode);
        expect(tried.cookies).toHaveLength(0);
      }
    }
    ctx.mail.clear();
    const reset = await new Client(app).post('/api/auth/password-reset/request', {
      email: ewa.email,
    });
    expect(reset.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.mail.messages).toHaveLength(0);
  });

  it('becomes a full account by registering with its address, its tickets kept', async () => {
    const { app } = await world();
    const { ticketId } = await writeAndConfirm(app);
    const guest = (await ownerOf(app, ticketId)).user;
    const { client, user } = await registerUser(app, ctx.mail, {
      username: 'ewa_z',
      email: 'Ewa@Example.com',
    });
    expect(user.id).toBe(guest.id);
    const list = (await client.get('/api/tickets')).json();
    expect(list.tickets.map((t: { id: number }) => t.id)).toEqual([ticketId]);
    const login = await new Client(app).post('/api/auth/login', {
      identifier: 'ewa_z',
      password: 'Sekretne-Haslo-42',
    });
    expect(login.statusCode).toBe(200);
    // The address now belongs to a full account: registering it again is a duplicate.
    const twice = await new Client(app).post('/api/auth/register', {
      username: 'ktos',
      email: ewa.email,
      password: 'Sekretne-Haslo-42',
    });
    expect(twice.statusCode).toBe(409);
  });
});

describe('spam protection', () => {
  it('refuses accept_terms other than true', async () => {
    const { visitor } = await world();
    for (const accept_terms of [false, undefined, 'true']) {
      const sent = await visitor.post('/api/inquiries', inquiry({ accept_terms }));
      expect(sent.statusCode).toBe(400);
      expect(sent.json().error).toBe('validation_failed');
    }
    expect(ctx.mail.messages).toHaveLength(0);
  });

  it('answers a filled honeypot or a too-fast form 202 and does nothing', async () => {
    const { app, visitor } = await world();
    for (const extra of [{ website: 'http://spam.example' }, { form_ms: 400 }]) {
      const sent = await visitor.post('/api/inquiries', inquiry(extra));
      expect(sent.statusCode).toBe(202);
      expect(sent.json()).toEqual({ ok: true });
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    // Only inquiry links count: a sign-in alert of an earlier test may still arrive in the background.
    const links = ctx.mail.messages.filter((m) => m.subject === 'Potwierdź wiadomość do studia');
    expect(links).toHaveLength(0);
    expect(await app.deps.db.select().from(inquiries)).toHaveLength(0);
    // Empty honeypot and a human fill time are a real inquiry.
    const real = await visitor.post('/api/inquiries', inquiry({ website: '', form_ms: 9000 }));
    expect(real.statusCode).toBe(202);
    expect(await app.deps.db.select().from(inquiries)).toHaveLength(1);
  });

  it('refuses an empty or over-long message like a ticket message', async () => {
    const { visitor } = await world();
    expect((await visitor.post('/api/inquiries', inquiry({ body: '   ' }))).statusCode).toBe(400);
    const long = await visitor.post('/api/inquiries', inquiry({ body: 'a'.repeat(10_001) }));
    expect(long.statusCode).toBe(400);
  });

  it('limits one recipient: the 4th link in a minute is 429 with Retry-After', async () => {
    const { visitor } = await world();
    for (let i = 0; i < 3; i++) {
      expect((await visitor.post('/api/inquiries', inquiry())).statusCode).toBe(202);
    }
    const fourth = await visitor.post('/api/inquiries', inquiry());
    expect(fourth.statusCode).toBe(429);
    expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits one client address: 10 an hour, and few different recipients', async () => {
    const { visitor } = await world();
    for (let i = 0; i < 10; i++) {
      const sent = await visitor.post(
        '/api/inquiries',
        inquiry({ email: `osoba${i}@example.com` }),
      );
      expect(sent.statusCode).toBe(202);
    }
    const eleventh = await visitor.post(
      '/api/inquiries',
      inquiry({ email: 'osoba10@example.com' }),
    );
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts a bot’s calls against its address too', async () => {
    const { visitor } = await world();
    for (let i = 0; i < 10; i++) {
      await visitor.post('/api/inquiries', inquiry({ website: 'x' }));
    }
    expect((await visitor.post('/api/inquiries', inquiry())).statusCode).toBe(429);
  });
});

describe('replies to a guest', () => {
  it('reach the guest by e-mail with their text, and say how to see the conversation', async () => {
    const { app, clock } = await world();
    const { ticketId } = await writeAndConfirm(app);
    const staff = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const reply = await postMessage(staff.client, ticketId, {
      body: 'Dziękujemy!\nOdezwiemy się jutro.',
    });
    expect(reply.statusCode).toBe(201);
    ctx.mail.clear();
    clock.advance(3 * 60_000);
    await app.jobs.runDue();
    const mail = await ctx.mail.last(ewa.email);
    expect(mail.subject).toBe('Odpowiedź na Twoją wiadomość do studia');
    expect(mail.text).toContain('Dziękujemy!\nOdezwiemy się jutro.');
    expect(mail.text).toContain('http://localhost:3000/register');
    expect(mail.html).toContain('Odezwiemy się jutro.');
  });
});

describe('retention', () => {
  it('deletes inquiries a day after their link ended, confirmed or not', async () => {
    const { app, clock, visitor } = await world();
    await writeAndConfirm(app);
    await visitor.post('/api/inquiries', inquiry({ email: 'druga@example.com' }));
    expect(await app.deps.db.select().from(inquiries)).toHaveLength(2);
    clock.advance(49 * HOUR);
    await app.retention.runIfDue();
    expect(await app.deps.db.select().from(inquiries)).toHaveLength(0);
    // The ticket stays.
    expect(await app.deps.db.select().from(tickets)).toHaveLength(1);
  });
});

describe('the contract', () => {
  it('every answer of both calls is documented and matches its schema', async () => {
    const { app, visitor } = await world();
    const document = await servedDocument(app);
    const ajv = new Ajv2020({ allErrors: true });
    addFormats.default(ajv);
    const check = (path: string, response: { statusCode: number; json: () => unknown }) => {
      const answer = documentedAnswer(document, 'post', path, response.statusCode);
      expect(answer, `${path} → ${response.statusCode}`).toBeDefined();
      const schema = answer?.content?.['application/json']?.schema ?? {};
      const validate = ajv.compile(resolveSchema(document, schema));
      validate(response.json());
      expect(validate.errors ?? []).toEqual([]);
    };
    check('/api/inquiries', await visitor.post('/api/inquiries', inquiry()));
    check('/api/inquiries', await visitor.post('/api/inquiries', inquiry({ accept_terms: false })));
    const token = tokenFrom(await ctx.mail.last(ewa.email));
    check('/api/inquiries/confirm', await visitor.post('/api/inquiries/confirm', { token }));
    check('/api/inquiries/confirm', await visitor.post('/api/inquiries/confirm', { token: 'x' }));
    for (let i = 0; i < 3; i++) await visitor.post('/api/inquiries', inquiry());
    check('/api/inquiries', await visitor.post('/api/inquiries', inquiry()));
    // The staff list with the contact fields still parses with the shared schema.
    const staff = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const list = TicketListAnswerSchema.parse((await staff.client.get('/api/tickets')).json());
    expect(list.tickets[0]?.contact_name).toBe(ewa.name);
  });
});
