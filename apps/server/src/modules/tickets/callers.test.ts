import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext } from '../../../test/helpers';
import {
  createTicket,
  customersAndStaff,
  pngImage,
  postMessage,
  quickUser,
} from '../../../test/tickets-helpers';
import { migrationsFolder } from '../../db/client';
import { ticketMessages, tickets, users } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';

/** Tickets for callers (DESIGN.md §7.9): staff open a ticket for a customer's address. */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

async function world() {
  const clock = new TestClock();
  const app = await ctx.app({ clock });
  const cast = await customersAndStaff(app);
  const sendMail = async () => {
    clock.advance(10 * 60_000);
    await app.jobs.runDue();
  };
  return { app, clock, sendMail, ...cast };
}

async function ticketRow(app: FastifyInstance, id: number) {
  const [row] = await app.deps.db.select().from(tickets).where(eq(tickets.id, id));
  if (!row) throw new Error('no ticket');
  return row;
}

async function accountsWith(app: FastifyInstance, email: string) {
  return app.deps.db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
}

const ticketCount = async (app: FastifyInstance) =>
  (await app.deps.db.select({ id: tickets.id }).from(tickets)).length;

describe('POST /api/tickets with customer_email (staff, DESIGN.md §7.9)', () => {
  it("opens the ticket in an existing customer's account, its first message the staff member's, e-mailed to them", async () => {
    const { app, alice, admin, sendMail } = await world();
    const created = await createTicket(admin.client, {
      body: 'Rozmowa telefoniczna: faktura za marzec jest błędna.\nSprawdzimy to do jutra.',
      extra: { customer_email: alice.user.email.toUpperCase() },
    });
    expect(created.statusCode).toBe(201);
    const { id } = created.json();
    const row = await ticketRow(app, id);
    expect(row.ownerId).toBe(alice.user.id);
    expect(row.subject).toBe('Rozmowa telefoniczna: faktura za marzec jest błędna.');
    // Mailed before the customer opens the thread (a message read in the app is not mailed).
    await sendMail();
    const mail = await ctx.mail.last(alice.user.email);
    expect(mail.text).toContain('faktura za marzec jest błędna');
    // Staff get no "new ticket" mail about their own message.
    expect(ctx.mail.messages.filter((m) => m.to === admin.user.email)).toHaveLength(0);
    // The customer sees it in their list, and the message is staff's.
    const list = (await alice.client.get('/api/tickets')).json().tickets;
    expect(list.map((t: { id: number }) => t.id)).toEqual([id]);
    const thread = (await alice.client.get(`/api/tickets/${id}/messages`)).json().messages;
    expect(thread).toHaveLength(1);
    expect(thread[0]).toMatchObject({ user_id: admin.user.id, is_admin: true });
    // Staff answered: the customer is awaited.
    const staffView = (await admin.client.get(`/api/tickets/${id}`)).json().ticket;
    expect(staffView.awaiting).toBe('customer');
  });

  it('turns an unknown address into a guest account named as given, whose mail carries the staff text', async () => {
    const { app, admin, sendMail } = await world();
    const created = await createTicket(admin.client, {
      body: 'Dzień dobry,\nzgodnie z rozmową przesyłamy wycenę strony.',
      extra: { customer_email: 'Nowy.Klient@Example.com', customer_name: 'Jan Kowalski' },
      files: [{ filename: 'wycena.png', data: await pngImage(), type: 'image/png' }],
    });
    expect(created.statusCode).toBe(201);
    const [guest] = await accountsWith(app, 'nowy.klient@example.com');
    expect(guest).toMatchObject({ passwordHash: null, isAdmin: false, username: 'jan-kowalski' });
    const row = await ticketRow(app, created.json().id);
    expect(row).toMatchObject({
      ownerId: guest?.id,
      contactName: 'Jan Kowalski',
      contactEmail: 'nowy.klient@example.com',
      // A greeting alone on the first line is not the subject.
      subject: 'zgodnie z rozmową przesyłamy wycenę strony.',
    });
    await sendMail();
    const mail = await ctx.mail.last('nowy.klient@example.com');
    expect(mail.text).toContain('zgodnie z rozmową przesyłamy wycenę strony.');
    expect(mail.text).toContain('wycena.png');
  });

  it('names a guest without a given name by the address before @', async () => {
    const { app, admin } = await world();
    const created = await createTicket(admin.client, {
      body: 'Notatka z rozmowy',
      extra: { customer_email: 'ola.nowak@example.com' },
    });
    expect(created.statusCode).toBe(201);
    const [guest] = await accountsWith(app, 'ola.nowak@example.com');
    expect(guest?.username).toBe('ola-nowak');
    expect((await ticketRow(app, created.json().id)).contactName).toBeNull();
  });

  it('refuses a customer naming an address with 403 and stores nothing, not even a guest', async () => {
    const { app, alice } = await world();
    const refused = await createTicket(alice.client, {
      body: 'Zgłoszenie w cudzym imieniu',
      extra: { customer_email: 'ofiara@example.com' },
      files: [{ filename: 'a.png', data: await pngImage(), type: 'image/png' }],
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden' });
    expect(await ticketCount(app)).toBe(0);
    expect(await accountsWith(app, 'ofiara@example.com')).toHaveLength(0);
  });

  it('refuses a malformed address or too long a name with 400 and stores nothing', async () => {
    const { app, admin } = await world();
    const refusedFields: Record<string, string>[] = [
      { customer_email: 'to-nie-adres' },
      { customer_email: 'a@b' },
      { customer_email: 'jan@example.com', customer_name: 'x'.repeat(101) },
    ];
    for (const extra of refusedFields) {
      const refused = await createTicket(admin.client, { body: 'Treść', extra });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toBe('validation_failed');
      expect(refused.json().details[0].path).toMatch(/^customer_(email|name)$/);
    }
    expect(await ticketCount(app)).toBe(0);
    expect(await accountsWith(app, 'jan@example.com')).toHaveLength(0);
  });

  it("refuses a staff member's address with 409 staff_address", async () => {
    const { app, admin } = await world();
    const colleague = await quickUser(app, { username: 'Kolega', isAdmin: true });
    const refused = await createTicket(admin.client, {
      body: 'Treść',
      extra: { customer_email: colleague.user.email },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'staff_address' });
    expect(await ticketCount(app)).toBe(0);
  });

  it('makes one guest of a burst of parallel creates for one new address', async () => {
    const { app, admin } = await world();
    const answers = await Promise.all(
      ['Pierwsza rozmowa', 'Druga rozmowa', 'Trzecia rozmowa', 'Czwarta rozmowa'].map((body) =>
        createTicket(admin.client, {
          body,
          extra: { customer_email: 'rownolegle@example.com', customer_name: 'Ewa Równoległa' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201]);
    const guests = await accountsWith(app, 'rownolegle@example.com');
    expect(guests).toHaveLength(1);
    const rows = await Promise.all(answers.map((a) => ticketRow(app, a.json().id)));
    expect(new Set(rows.map((r) => r.ownerId))).toEqual(new Set([guests[0]?.id]));
    expect(rows.map((r) => r.seq).sort()).toEqual([1, 2, 3, 4]);
  });

  it('answers a retry with the same Idempotency-Key with the first ticket', async () => {
    const { app, admin } = await world();
    const send = () =>
      createTicket(admin.client, {
        body: 'Rozmowa',
        extra: { customer_email: 'raz@example.com' },
        headers: { 'Idempotency-Key': 'call-1' },
      });
    const first = await send();
    const again = await send();
    expect(again.json()).toEqual(first.json());
    expect(await ticketCount(app)).toBe(1);
  });
});

describe('GET /api/admin/customers (the picker, staff only)', () => {
  it('finds customers and guests by the beginning of the username or address, never staff', async () => {
    const { admin, alice } = await world();
    await createTicket(admin.client, {
      body: 'Rozmowa',
      extra: { customer_email: 'alicja.gosc@example.org', customer_name: 'Alicja Gość' },
    });
    const found = (await admin.client.get('/api/admin/customers?q=ali')).json().customers;
    expect(found).toEqual([
      { id: alice.user.id, username: 'Alicja', email: alice.user.email, is_guest: false },
      expect.objectContaining({ username: 'alicja-gosc', is_guest: true }),
    ]);
    const byMail = (await admin.client.get('/api/admin/customers?q=alicja.g')).json().customers;
    expect(byMail.map((c: { email: string }) => c.email)).toEqual(['alicja.gosc@example.org']);
    expect((await admin.client.get('/api/admin/customers?q=obs')).json().customers).toEqual([]);
    // A pattern character is a letter to match.
    expect((await admin.client.get('/api/admin/customers?q=%25')).json().customers).toEqual([]);
  });

  it('refuses a customer with 403 and an empty query with 400', async () => {
    const { admin, alice } = await world();
    const refused = await alice.client.get('/api/admin/customers?q=a');
    expect(refused.statusCode).toBe(403);
    expect((await admin.client.get('/api/admin/customers?q=')).statusCode).toBe(400);
  });
});

describe('a caller’s guest account: nobody proved the address (issue 34)', () => {
  const CALLER = 'dzwoniacy@example.com';
  const PASSWORD = 'Sekretne-Haslo-42';

  it('is not e-mail-verified, and still gets the mails about its ticket', async () => {
    const { app, admin, sendMail } = await world();
    const { id } = (
      await createTicket(admin.client, {
        body: 'Rozmowa telefoniczna: prośba o wycenę.',
        extra: { customer_email: CALLER, customer_name: 'Jan Dzwoniący' },
      })
    ).json();
    const [guest] = await accountsWith(app, CALLER);
    expect(guest?.passwordHash).toBeNull();
    expect(guest?.emailVerifiedAt).toBeNull();
    await sendMail();
    expect((await ctx.mail.last(CALLER)).text).toContain('prośba o wycenę');
    // A later staff reply reaches them too.
    await postMessage(admin.client, id, { body: 'Wycena w załączniku wkrótce.' });
    await sendMail();
    expect((await ctx.mail.last(CALLER)).text).toContain('Wycena w załączniku wkrótce.');
  });

  it('someone registering with the caller’s address claims the account only with the code mailed there', async () => {
    const { app, admin } = await world();
    const { id } = (
      await createTicket(admin.client, {
        body: 'Rozmowa telefoniczna: dane do faktury.',
        extra: { customer_email: CALLER },
      })
    ).json();
    const [guest] = await accountsWith(app, CALLER);
    // The attacker starts a registration with the caller's address: the code goes to the caller.
    const attacker = new Client(app);
    const claim = { username: 'napastnik', email: CALLER, password: PASSWORD };
    expect((await attacker.post('/api/auth/register', claim)).statusCode).toBe(200);
    const code = codeFrom(await ctx.mail.last(CALLER));
    for (const guess of ['000000', '123456', code === '999999' ? '999998' : '999999']) {
      const tried = await attacker.post('/api/auth/verify-email', { ...claim, code: guess });
      expect(tried.statusCode).toBe(400);
      expect(tried.json()).toEqual({ error: 'invalid_code' });
    }
    // No way around the code: no password to sign in with, no reset link.
    const login = await new Client(app).post('/api/auth/login', {
      identifier: CALLER,
      password: PASSWORD,
    });
    expect(login.statusCode).toBe(401);
    ctx.mail.clear();
    await new Client(app).post('/api/auth/password-reset/request', { email: CALLER });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ctx.mail.messages).toHaveLength(0);
    const [untouched] = await accountsWith(app, CALLER);
    expect(untouched).toMatchObject({
      id: guest?.id,
      username: guest?.username,
      passwordHash: null,
      emailVerifiedAt: null,
    });
    // The address's owner, with the code from their mailbox, gets the account and its ticket.
    const owner = new Client(app);
    const own = { username: 'jan_d', email: CALLER, password: PASSWORD };
    expect((await owner.post('/api/auth/register', own)).statusCode).toBe(200);
    const verified = await owner.post('/api/auth/verify-email', {
      ...own,
      code: codeFrom(await ctx.mail.last(CALLER)),
    });
    expect(verified.statusCode).toBe(200);
    expect(verified.json().user.id).toBe(guest?.id);
    const [claimed] = await accountsWith(app, CALLER);
    expect(claimed?.emailVerifiedAt).not.toBeNull();
    const list = (await owner.get('/api/tickets')).json().tickets;
    expect(list.map((t: { id: number }) => t.id)).toEqual([id]);
  });

  it('becomes verified when the address confirms an inquiry link', async () => {
    const { app, admin } = await world();
    await createTicket(admin.client, {
      body: 'Rozmowa telefoniczna.',
      extra: { customer_email: CALLER },
    });
    const visitor = new Client(app);
    const sent = await visitor.post('/api/inquiries', {
      name: 'Jan Dzwoniący',
      email: CALLER,
      body: 'Dopisuję szczegóły.',
      accept_terms: true,
    });
    expect(sent.statusCode).toBe(202);
    const token = /contact\/confirm\?token=([\w-]{43})/.exec(
      (await ctx.mail.last(CALLER)).text,
    )?.[1];
    expect((await visitor.post('/api/inquiries/confirm', { token })).statusCode).toBe(200);
    const [guest] = await accountsWith(app, CALLER);
    expect(guest?.passwordHash).toBeNull();
    expect(guest?.emailVerifiedAt).not.toBeNull();
    expect(await ticketCount(app)).toBe(2);
  });
});

describe('migration 0024: guests stored verified before the fix', () => {
  it('un-verifies a guest that only staff opened tickets for, and no one who proved the address', async () => {
    const { app, alice, admin } = await world();
    const inquiryGuest = 'pisal@example.com';
    const ids: number[] = [];
    for (const email of ['dzwoniacy@example.com', inquiryGuest]) {
      const created = await createTicket(admin.client, {
        body: 'Telefon',
        extra: { customer_email: email },
      });
      ids.push(created.json().id);
    }
    // The second guest's ticket opened with its own message, as a confirmed inquiry's does.
    const [guest] = await accountsWith(app, inquiryGuest);
    await app.deps.db
      .update(ticketMessages)
      .set({ authorId: guest?.id, authorIsAdmin: false })
      .where(eq(ticketMessages.ticketId, ids[1] ?? 0));
    // As stored before the fix: every guest verified.
    await app.deps.db.update(users).set({ emailVerifiedAt: new Date() });
    const file = path.join(migrationsFolder(), '0024_caller-guests-unverified.sql');
    for (const statement of fs.readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
      await app.deps.db.execute(sql.raw(statement));
    }
    const verified = async (email: string) =>
      (await accountsWith(app, email))[0]?.emailVerifiedAt !== null;
    expect(await verified('dzwoniacy@example.com')).toBe(false);
    expect(await verified(inquiryGuest)).toBe(true);
    expect(await verified(alice.user.email)).toBe(true);
    expect(await verified(admin.user.email)).toBe(true);
  });
});

describe('new-ticket limits: staff have their own (docs/tickets.md „Abuse limits”)', () => {
  const HOUR = 60 * 60_000;

  it('a staff member opens more than 10 tickets for callers in an hour; a customer still gets 429 at the 11th', async () => {
    const { alice, bob, admin } = await world();
    for (let i = 0; i < 11; i++) {
      const created = await createTicket(admin.client, {
        body: `Telefon ${i}`,
        extra: { customer_email: bob.user.email },
      });
      expect(created.statusCode, `call ${i}`).toBe(201);
    }
    // Staff's tickets do not eat into the customer's budget, nor the other way round.
    for (let i = 0; i < 10; i++) {
      expect((await createTicket(alice.client, { body: `t${i}` })).statusCode).toBe(201);
    }
    const limited = await createTicket(alice.client, { body: 'za dużo' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      (
        await createTicket(admin.client, {
          body: 'Jeszcze jeden',
          extra: { customer_email: bob.user.email },
        })
      ).statusCode,
    ).toBe(201);
  });

  it('enforces the staff limit itself: 120 an hour, then 429 with Retry-After and nothing stored', async () => {
    const { app, clock, bob, admin } = await world();
    const start = clock.now().getTime();
    for (let i = 0; i < 120; i++) {
      // 60 messages a minute still apply: spread the calls over the hour.
      if (i > 0 && i % 50 === 0) clock.advance(61_000);
      const created = await createTicket(admin.client, {
        body: `Telefon ${i}`,
        extra: { customer_email: bob.user.email },
      });
      expect(created.statusCode, `call ${i}`).toBe(201);
    }
    const before = await ticketCount(app);
    const limited = await createTicket(admin.client, {
      body: 'Sto dwudziesty pierwszy',
      extra: { customer_email: bob.user.email },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'rate_limited' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await ticketCount(app)).toBe(before);
    clock.advance(HOUR - (clock.now().getTime() - start) + 1);
    expect((await createTicket(admin.client, { body: 'Po godzinie' })).statusCode).toBe(201);
  });
});
