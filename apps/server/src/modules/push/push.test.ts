import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, codeFrom, createTestContext, registerUser } from '../../../test/helpers';
import { mailTitled } from '../../../test/mail-helpers';
import { type PushService, startPushService, type TestDevice } from '../../../test/push-service';
import { createTicket, postMessage, quickUser } from '../../../test/tickets-helpers';
import { jobs, pushSubscriptions, tickets } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { ACCOUNT_CHANGE_SUBJECTS } from '../../mail/account-security-templates';

/*
 * Web Push (DESIGN.md §7.11, issue 33) against a real push service on
 * 127.0.0.1 (test/push-service.ts) that decrypts every push and checks its
 * VAPID signature independently of the web-push library the server uses.
 */

const ctx = createTestContext();
let service: PushService;
beforeAll(async () => {
  await ctx.setup();
  service = await startPushService();
});
beforeEach(() => ctx.reset());
afterEach(() => {
  expect(service.problems).toEqual([]);
  service.received.length = 0;
});
afterAll(async () => {
  await service.close();
  await ctx.teardown();
});

const LOOPBACK = { PUSH_ALLOW_LOOPBACK: '1' };
const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function world(env: Record<string, string> = LOOPBACK) {
  const clock = new TestClock();
  const app = await ctx.app({ clock, env });
  const alice = await quickUser(app, { username: 'Alicja' });
  const bob = await quickUser(app, { username: 'Bartek' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  const colleague = await quickUser(app, { username: 'Kolega', isAdmin: true });
  return { app, clock, alice, bob, admin, colleague };
}

async function subscribe(client: Client, device: TestDevice) {
  const answer = await client.post('/api/push/subscriptions', device.subscription, {
    'user-agent': CHROME_ANDROID,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json().subscription as { id: number; device: string };
}

async function newTicket(client: Client, body = 'Nie działa logowanie, hasło Tajne123') {
  const created = await createTicket(client, { body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as number;
}

const pushJobs = (app: FastifyInstance) =>
  app.deps.db.select().from(jobs).where(eq(jobs.kind, 'push'));

/** The studio-wide number pushes name (DESIGN.md §7.9), as the database gave it. */
const numberOf = async (app: FastifyInstance, ticketId: number) => {
  const [ticket] = await app.deps.db
    .select({ number: tickets.number })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return ticket?.number;
};

const devicesOf = async (app: FastifyInstance, userId: number) =>
  app.deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('where a push goes', () => {
  it('a staff answer reaches the customer at once as one encrypted push naming the ticket, never its text', async () => {
    const { app, alice, admin } = await world();
    const phone = service.device();
    await subscribe(alice.client, phone);
    const ticketId = await newTicket(alice.client);
    const publicKey = (await alice.client.get('/api/push/public-key')).json().public_key;

    const answered = await postMessage(admin.client, ticketId, { body: 'Proszę zresetować hasło' });
    expect(answered.statusCode).toBe(201);
    // No runDue here: the write wakes the outbox itself.
    await service.waitFor(1);

    const [push] = service.to(phone);
    expect(service.received).toHaveLength(1);
    expect(push?.payload).toEqual({
      title: `Nowa odpowiedź w zgłoszeniu #${await numberOf(app, ticketId)}`,
      body: 'Otwórz Kontakt, aby ją przeczytać.',
      url: `/contact?ticket=${ticketId}`,
      tag: `ticket-${ticketId}`,
    });
    expect(JSON.stringify(push?.payload)).not.toMatch(/hasło|Proszę|Alicja|Obsluga/);
    expect(push?.vapidKey).toBe(publicKey);
    expect(push?.jwt.aud).toBe(service.origin);
    expect(push?.jwt.sub).toBe('mailto:no-reply@localhost');
    const nowSeconds = Date.now() / 1000;
    expect(push?.jwt.exp).toBeGreaterThan(nowSeconds);
    expect(push?.jwt.exp).toBeLessThanOrEqual(nowSeconds + 24 * 3600);
    expect(push?.ttl).toBe(86_400);
    expect(push?.urgency).toBe('high');
    await app.jobs.runDue(); // queued behind the woken run: its bookkeeping is done after this
    const [stored] = await devicesOf(app, alice.user.id);
    expect(stored?.lastPushAt).not.toBeNull();
    expect(await pushJobs(app)).toEqual([]);
  });

  it('a new ticket reaches every admin, not its author', async () => {
    const { app, alice, admin, colleague } = await world();
    const [adminPhone, colleaguePhone, alicePhone] = [1, 2, 3].map(() => service.device());
    await subscribe(admin.client, adminPhone as TestDevice);
    await subscribe(colleague.client, colleaguePhone as TestDevice);
    await subscribe(alice.client, alicePhone as TestDevice);

    const ticketId = await newTicket(alice.client);
    await service.waitFor(2);
    await app.jobs.runDue();

    for (const phone of [adminPhone, colleaguePhone]) {
      expect(service.to(phone as TestDevice).map((p) => p.payload)).toEqual([
        {
          title: `Nowe zgłoszenie #${await numberOf(app, ticketId)}`,
          body: 'Otwórz Kontakt, aby je przeczytać.',
          url: `/contact?ticket=${ticketId}`,
          tag: `ticket-${ticketId}`,
        },
      ]);
    }
    expect(service.to(alicePhone as TestDevice)).toEqual([]);
  });

  it('a confirmed guest inquiry is a new ticket: every admin hears of it', async () => {
    const { app, admin, colleague } = await world();
    const phones = [service.device(), service.device()];
    await subscribe(admin.client, phones[0] as TestDevice);
    await subscribe(colleague.client, phones[1] as TestDevice);
    const visitor = new Client(app);
    const sent = await visitor.post('/api/inquiries', {
      name: 'Ewa Żółkiewska',
      email: 'ewa@example.com',
      body: 'Dzień dobry, chcemy zamówić aplikację.',
      accept_terms: true,
    });
    expect(sent.statusCode).toBe(202);
    const mail = await ctx.mail.last('ewa@example.com');
    const token = /confirm\?token=([\w-]{43})/.exec(mail.text)?.[1];
    const confirmed = await visitor.post('/api/inquiries/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    await service.waitFor(2);
    for (const phone of phones) {
      const [push] = service.to(phone as TestDevice);
      expect(push?.payload).toMatchObject({
        title: expect.stringMatching(/^Nowe zgłoszenie #\d{4,}$/),
      });
      expect(JSON.stringify(push?.payload)).not.toMatch(/Ewa|aplikacj/);
    }
  });

  it('a customer message goes to the assigned admin only, and to every admin while unassigned', async () => {
    const { app, alice, admin, colleague } = await world();
    const ticketId = await newTicket(alice.client);
    await app.jobs.runDue();
    const adminPhone = service.device();
    const colleaguePhone = service.device();
    await subscribe(admin.client, adminPhone);
    await subscribe(colleague.client, colleaguePhone);

    await postMessage(alice.client, ticketId, { body: 'Dalej nie działa' });
    await service.waitFor(2);
    expect(service.to(adminPhone).map((p) => (p.payload as { title: string }).title)).toEqual([
      `Nowa wiadomość w zgłoszeniu #${await numberOf(app, ticketId)}`,
    ]);
    expect(service.to(colleaguePhone)).toHaveLength(1);

    const assigned = await admin.client.request('PATCH', `/api/tickets/${ticketId}/assignee`, {
      assignee_id: colleague.user.id,
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await postMessage(alice.client, ticketId, { body: 'Halo?' });
    await service.waitFor(3);
    await app.jobs.runDue();
    expect(service.to(colleaguePhone)).toHaveLength(2);
    expect(service.to(adminPhone)).toHaveLength(1);
  });

  it('an internal note sends no push, to the customer or anyone', async () => {
    const { app, alice, admin, colleague } = await world();
    const ticketId = await newTicket(alice.client);
    await app.jobs.runDue();
    const alicePhone = service.device();
    await subscribe(alice.client, alicePhone);
    await subscribe(colleague.client, service.device());

    const noted = await postMessage(admin.client, ticketId, {
      body: 'Klient ma stare hasło',
      extra: { internal: 'true' },
    });
    expect(noted.statusCode).toBe(201);
    await app.jobs.runDue();
    expect(await pushJobs(app)).toEqual([]);
    expect(service.received).toEqual([]);

    // The next public answer still reaches the customer.
    await postMessage(admin.client, ticketId, { body: 'Już działa' });
    await service.waitFor(1);
    expect(service.to(alicePhone)).toHaveLength(1);
  });

  it('„Wyślij powiadomienie próbne” reaches that device only, and 404s for an endpoint not the account’s', async () => {
    const { alice, bob } = await world();
    const phone = service.device();
    const laptop = service.device();
    await subscribe(alice.client, phone);
    await subscribe(alice.client, laptop);

    const sent = await alice.client.post('/api/push/test', { endpoint: phone.endpoint });
    expect(sent.statusCode).toBe(202);
    await service.waitFor(1);
    expect(service.to(phone).map((p) => p.payload)).toEqual([
      {
        title: 'Powiadomienie próbne',
        body: 'Powiadomienia na tym urządzeniu działają.',
        url: '/profile',
        tag: 'push-test',
      },
    ]);
    expect(service.to(laptop)).toEqual([]);

    const foreign = await bob.client.post('/api/push/test', { endpoint: phone.endpoint });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found' });
  });
});

describe('delivering honestly', () => {
  it.each([410, 404])(
    'a push service answering %i removes the subscription and ends the job',
    async (status) => {
      const { app, alice, admin } = await world();
      const phone = service.device();
      await subscribe(alice.client, phone);
      const ticketId = await newTicket(alice.client);
      service.answer(phone, status);

      await postMessage(admin.client, ticketId, { body: 'Odpowiedź' });
      await service.waitFor(1);
      await app.jobs.runDue();
      expect(await devicesOf(app, alice.user.id)).toEqual([]);
      expect(await pushJobs(app)).toEqual([]);
      expect((await alice.client.get('/api/push/subscriptions')).json()).toEqual({
        subscriptions: [],
      });
    },
  );

  it('a 500 is retried with back-off and the push is then delivered once', async () => {
    const { app, clock, alice, admin } = await world();
    const phone = service.device();
    await subscribe(alice.client, phone);
    const ticketId = await newTicket(alice.client);
    service.answer(phone, 500);

    const answered = await postMessage(admin.client, ticketId, { body: 'Odpowiedź' });
    expect(answered.statusCode).toBe(201);
    await service.waitFor(1);
    await app.jobs.runDue();
    const [waiting] = await pushJobs(app);
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.runAt.getTime()).toBeGreaterThan(clock.now().getTime());
    expect((await devicesOf(app, alice.user.id))[0]?.lastFailureAt).not.toBeNull();

    clock.advance(31_000);
    await app.jobs.runDue();
    await service.waitFor(2);
    expect(service.to(phone).map((p) => p.status)).toEqual([500, 201]);
    expect(await pushJobs(app)).toEqual([]);
    await app.jobs.runDue();
    expect(service.to(phone)).toHaveLength(2);
  });

  it('counts sent, failed and removed deliveries in the metrics', async () => {
    const { app, alice, admin } = await world({ ...LOOPBACK, METRICS_PORT: '0' });
    const [working, failing, gone] = [service.device(), service.device(), service.device()];
    for (const device of [working, failing, gone]) await subscribe(alice.client, device);
    service.answer(failing, 502);
    service.answer(gone, 410);
    const ticketId = await newTicket(alice.client);

    await postMessage(admin.client, ticketId, { body: 'Odpowiedź' });
    await service.waitFor(3);
    await app.jobs.runDue();
    const port = app.metricsServer?.address.port;
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    for (const outcome of ['sent', 'failed', 'removed']) {
      expect(text).toContain(`studio_push_deliveries_total{outcome="${outcome}"} 1\n`);
    }
  });

  it('two app instances on one database send one push per message and device', async () => {
    const { app, alice, admin } = await world();
    const second = await ctx.app({ clock: app.deps.clock, env: LOOPBACK });
    const phone = service.device();
    const tablet = service.device();
    await subscribe(alice.client, phone);
    await subscribe(alice.client, tablet);
    const ticketId = await newTicket(alice.client);

    for (let i = 0; i < 5; i++) {
      await postMessage(admin.client, ticketId, { body: `Odpowiedź ${i}` });
      await Promise.all([app.jobs.runDue(), second.jobs.runDue()]);
    }
    await service.waitFor(10);
    await Promise.all([app.jobs.runDue(), second.jobs.runDue()]);
    expect(service.to(phone)).toHaveLength(5);
    expect(service.to(tablet)).toHaveLength(5);
  });
});

describe('subscriptions', () => {
  it('lists the account’s devices with a device name, updates the keys of the same endpoint, and removes one', async () => {
    const { alice } = await world();
    const phone = service.device();
    const stored = await subscribe(alice.client, phone);
    expect(stored.device).toBe('Chrome 131 · Android 14');

    const again = await alice.client.post('/api/push/subscriptions', phone.subscription);
    expect(again.statusCode).toBe(200);
    const listed = (await alice.client.get('/api/push/subscriptions')).json();
    expect(listed.subscriptions).toEqual([
      expect.objectContaining({ endpoint: phone.endpoint, last_push_at: null }),
    ]);
    expect(JSON.stringify(listed)).not.toContain(phone.subscription.keys.auth);

    const removed = await alice.client.request('DELETE', '/api/push/subscriptions', {
      endpoint: phone.endpoint,
    });
    expect(removed.statusCode).toBe(204);
    expect((await alice.client.get('/api/push/subscriptions')).json()).toEqual({
      subscriptions: [],
    });
  });

  it('refuses keys that are no P-256 point or no 16-byte secret', async () => {
    const { app, alice } = await world();
    const { subscription } = service.device();
    const notOnCurve = `BA${'A'.repeat(85)}`;
    for (const keys of [
      { ...subscription.keys, p256dh: notOnCurve },
      { ...subscription.keys, auth: 'A'.repeat(30) },
    ]) {
      const answer = await alice.client.post('/api/push/subscriptions', { ...subscription, keys });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().error).toBe('validation_failed');
    }
    expect(await devicesOf(app, alice.user.id)).toEqual([]);
  });

  it('another account cannot delete my endpoint, and an endpoint it subscribes moves to it', async () => {
    const { app, alice, bob } = await world();
    const shared = service.device();
    await subscribe(alice.client, shared);

    const deleted = await bob.client.request('DELETE', '/api/push/subscriptions', {
      endpoint: shared.endpoint,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await devicesOf(app, alice.user.id)).toHaveLength(1);

    // The same browser, after Alicja signed out and Bartek signed in.
    const moved = await bob.client.post('/api/push/subscriptions', shared.subscription);
    expect(moved.statusCode).toBe(201);
    expect(await devicesOf(app, alice.user.id)).toEqual([]);
    expect(await devicesOf(app, bob.user.id)).toHaveLength(1);
  });

  it('the 11th device is refused with 409, also when 15 subscribe at once', async () => {
    const { app, alice } = await world();
    const answers = await Promise.all(
      Array.from({ length: 15 }, () =>
        alice.client.post('/api/push/subscriptions', service.device().subscription),
      ),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([...Array(10).fill(201), ...Array(5).fill(409)]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json()).toEqual({
      error: 'too_many_push_devices',
      details: [
        {
          path: 'endpoint',
          message:
            'Powiadomienia są już włączone na 10 urządzeniach. Wyłącz je na jednym z nich, aby dodać to urządzenie.',
        },
      ],
    });
    expect(await devicesOf(app, alice.user.id)).toHaveLength(10);
  });

  it('needs a session and our Origin', async () => {
    const { app, alice } = await world();
    const phone = service.device();
    expect((await new Client(app).get('/api/push/public-key')).statusCode).toBe(401);
    expect(
      (await new Client(app).post('/api/push/subscriptions', phone.subscription)).statusCode,
    ).toBe(401);
    const foreign = await alice.client.post('/api/push/subscriptions', phone.subscription, {
      origin: 'https://evil.example',
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('the VAPID key is made once and every instance uses the same', async () => {
    const { alice } = await world();
    const second = await ctx.app({ env: LOOPBACK });
    const first = (await alice.client.get('/api/push/public-key')).json().public_key as string;
    const other = await quickUser(second, { username: 'Inny' });
    expect((await other.client.get('/api/push/public-key')).json().public_key).toBe(first);
    expect(Buffer.from(first, 'base64url')).toHaveLength(65);
  });
});

describe('only https on public hosts', () => {
  const refused = [
    'http://push.example.com/x',
    'https://127.0.0.1/x',
    'https://[::1]/x',
    'https://localhost/x',
    'https://push.localhost/x',
    'https://10.1.2.3/x',
    'https://169.254.169.254/latest',
    'https://[fc00::1]/x',
    'https://[fd12:3456::1]/x',
    'https://192.168.1.1/x',
    'https://[::ffff:10.0.0.1]/x',
    'http://127.0.0.1:9999/x',
  ];

  it.each(refused)('refuses %s without PUSH_ALLOW_LOOPBACK', async (endpoint) => {
    const { app, alice } = await world({});
    const { subscription } = service.device();
    const answer = await alice.client.post('/api/push/subscriptions', {
      ...subscription,
      endpoint,
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({
      error: 'push_endpoint_refused',
      details: [
        {
          path: 'endpoint',
          message:
            'Ta przeglądarka podała adres powiadomień, którego serwer nie obsługuje (wymagany https:// na publicznym serwerze).',
        },
      ],
    });
    expect(await devicesOf(app, alice.user.id)).toEqual([]);
  });

  it('takes https on a public host; the flag lets loopback http through and nothing else', async () => {
    const plain = await world({});
    const { subscription } = service.device();
    const good = await plain.alice.client.post('/api/push/subscriptions', {
      ...subscription,
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    });
    expect(good.statusCode).toBe(201);

    await ctx.reset();
    const flagged = await world(LOOPBACK);
    for (const endpoint of ['http://127.0.0.1:9/x', 'http://localhost:9/x', 'http://[::1]:9/x']) {
      const ok = await flagged.alice.client.post('/api/push/subscriptions', {
        ...subscription,
        endpoint,
      });
      expect(ok.statusCode, endpoint).toBe(201);
    }
    for (const endpoint of [
      'http://10.0.0.1/x',
      'https://192.168.0.1/x',
      'http://push.example.com/x',
    ]) {
      const no = await flagged.alice.client.post('/api/push/subscriptions', {
        ...subscription,
        endpoint,
      });
      expect(no.statusCode, endpoint).toBe(400);
    }
  });
});

describe('clean-up', () => {
  it('deleting the account removes its subscriptions', async () => {
    const app = await ctx.app({ env: LOOPBACK });
    const { client, user } = await registerUser(app, ctx.mail, {
      username: 'zofia',
      email: 'zofia@example.com',
    });
    await subscribe(client, service.device());
    expect((await client.post('/api/profile/delete/request')).statusCode).toBe(200);
    const code = codeFrom(await mailTitled(ctx.mail, 'zofia@example.com', 'Usunięcie konta'));
    expect((await client.post('/api/profile/delete/confirm', { code })).statusCode).toBe(200);
    expect(await devicesOf(app, user.id)).toEqual([]);
    expect(await app.deps.db.select().from(pushSubscriptions)).toEqual([]);
  });

  it('„To nie ja” removes every subscription of the account', async () => {
    const app = await ctx.app({ env: LOOPBACK });
    const { client, user, password } = await registerUser(app, ctx.mail, {
      username: 'ala',
      email: 'ala@example.com',
    });
    const bystander = await quickUser(app, { username: 'Bartek' });
    await subscribe(client, service.device());
    await subscribe(client, service.device());
    await subscribe(bystander.client, service.device());
    const changed = await client.post('/api/profile/password', {
      current_password: password,
      new_password: 'Zupelnie-Nowe-Haslo-77',
    });
    expect(changed.statusCode).toBe(200);
    const alert = await mailTitled(
      ctx.mail,
      'ala@example.com',
      ACCOUNT_CHANGE_SUBJECTS.password_changed,
    );
    const token = /security\/lock\?token=([\w-]{43})/.exec(alert.text)?.[1];
    expect((await new Client(app).post('/api/security/lock', { token })).statusCode).toBe(200);
    expect(await devicesOf(app, user.id)).toEqual([]);
    expect(await devicesOf(app, bystander.user.id)).toHaveLength(1);
  });
});

describe('the status line', () => {
  const pushLine = async (client: Client) => {
    const answer = (await client.get('/api/admin/status')).json() as {
      checks: Array<{ id: string; state: string; detail: string }>;
    };
    return answer.checks.find((c) => c.id === 'push');
  };

  it('is absent without devices, ok while pushes go out, and warns when most recent attempts failed', async () => {
    const { app, clock, alice, admin } = await world();
    expect(await pushLine(admin.client)).toBeUndefined();

    const phone = service.device();
    await subscribe(alice.client, phone);
    const quiet = await pushLine(admin.client);
    expect(quiet).toMatchObject({ state: 'ok' });
    expect(quiet?.detail).toContain('Powiadomienia push są włączone na 1 urządzeniu.');
    expect(quiet?.detail).toContain('Nie było jeszcze nic do wysłania.');

    const ticketId = await newTicket(alice.client);
    await postMessage(admin.client, ticketId, { body: 'Odpowiedź' });
    await service.waitFor(1);
    await app.jobs.runDue();
    const ok = await pushLine(admin.client);
    expect(ok?.state).toBe('ok');
    expect(ok?.detail).toContain('Ostatnie dostarczone:');

    clock.advance(60_000);
    service.answer(phone, 503);
    await postMessage(admin.client, ticketId, { body: 'Druga odpowiedź' });
    await service.waitFor(2);
    await app.jobs.runDue();
    const warn = await pushLine(admin.client);
    expect(warn?.state).toBe('warn');
    expect(warn?.detail).toContain('ostatnia próba wysyłki nie powiodła się dla 1 z 1 urządzeń');
    expect(warn?.detail).toContain('W kolejce: 1 powiadomienie.');
  });
});

/*
 * A measurement, not a check (DESIGN.md §6: speed goals live in bench/):
 * PUSH_LATENCY=1 npx vitest run src/modules/push/push.test.ts -t latency
 * prints p50/p95 over 100 staff answers of the time from the answer's POST
 * returning (and from it being sent) to the push request arriving here.
 */
describe.skipIf(!process.env.PUSH_LATENCY)('latency', () => {
  it('prints the time from a staff answer to its push arriving, over 100 answers', async () => {
    const { clock, alice, admin } = await world();
    const phone = service.device();
    await subscribe(alice.client, phone);
    const ticketId = await newTicket(alice.client);
    const fromReturn: number[] = [];
    const fromSend: number[] = [];
    for (let i = 0; i < 100; i++) {
      clock.advance(2_000); // staff may post 60 a minute
      const sentAt = performance.now();
      const answered = await postMessage(admin.client, ticketId, { body: `Odpowiedź ${i}` });
      const returnedAt = performance.now();
      expect(answered.statusCode).toBe(201);
      await service.waitFor(i + 1);
      const arrivedAt = service.to(phone)[i]?.at ?? Number.NaN;
      fromReturn.push(arrivedAt - returnedAt);
      fromSend.push(arrivedAt - sentAt);
    }
    const pct = (values: number[], p: number) => {
      const sorted = [...values].sort((a, b) => a - b);
      return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
    };
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log(
      `push latency over 100 staff answers (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, in-process): from the POST returning p50 ${ms(pct(fromReturn, 50))}, p95 ${ms(pct(fromReturn, 95))}; from the POST being sent p50 ${ms(pct(fromSend, 50))}, p95 ${ms(pct(fromSend, 95))}`,
    );
    expect(service.to(phone)).toHaveLength(100);
  });
});
