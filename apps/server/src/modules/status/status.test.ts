import { FirstRunAnswerSchema } from '@studio/shared/first-run';
import { type StatusAnswer, StatusAnswerSchema } from '@studio/shared/status';
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext, STUDIO_ENV } from '../../../test/helpers';
import { freePort } from '../../../test/process-helpers';
import { quickUser } from '../../../test/tickets-helpers';
import { jobs, pushSubscriptions, users } from '../../db/schema/index';
import { TestClock } from '../../lib/clock';
import { firstAdminHint } from './first-run';
import { mailRedLines } from './red-lines';

/**
 * „Stan systemu” (DESIGN.md §7.12, issue 32) against the real parts: PGlite,
 * a real SMTP server that the test stops and starts again, the outbox table
 * and the test clock; and „Pierwsze kroki” with its test mail.
 */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const HOUR = 60 * 60 * 1000;

/** A real SMTP server on a fixed port, so it can be stopped and started again at the same address. */
async function smtpOn(port: number) {
  const subjects: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          subjects.push(parsed.subject ?? '');
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    subjects,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function status(client: Client) {
  const answer = await client.get('/api/admin/status');
  expect(answer.statusCode).toBe(200);
  // The shared contract holds the answer exactly: nothing missing, nothing more.
  const body = answer.json() as StatusAnswer;
  expect(StatusAnswerSchema.parse(body)).toEqual(body);
  return body;
}

const line = (answer: StatusAnswer, id: string) => answer.checks.find((c) => c.id === id);

describe('GET /api/admin/status', () => {
  it('answers admins only: nobody 401, a customer 403', async () => {
    const app = await ctx.app();
    const customer = await quickUser(app, { username: 'Alicja' });
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    expect((await new Client(app).get('/api/admin/status')).statusCode).toBe(401);
    const refused = await customer.client.get('/api/admin/status');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden' });
    expect((await customer.client.get('/api/admin/first-run')).statusCode).toBe(403);
    expect((await customer.client.post('/api/admin/status/test-mail')).statusCode).toBe(403);

    const answer = await status(admin.client);
    expect(answer.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(Date.parse(answer.started_at)).toBeLessThanOrEqual(Date.now());
    // Without IMAP_URL there is no mailbox line; without a device with push on, no push line.
    expect(answer.checks.map((c) => c.id)).toEqual(['database', 'storage', 'mail_out', 'backup']);
    expect(line(answer, 'database')).toMatchObject({ state: 'ok' });
    expect(line(answer, 'database')?.detail).toMatch(/wbudowana baza danych \(PGlite\) działa/);
    expect(line(answer, 'storage')?.detail).toMatch(/0 plików załączników .* wolne .* na dysku/);

    // Push delivery itself is covered in modules/push/push.test.ts.
    await ctx.database.db.insert(pushSubscriptions).values({
      userId: customer.user.id,
      endpoint: 'https://push.example.com/send/1',
      p256dh: 'B'.repeat(87),
      auth: 'A'.repeat(22),
      device: 'Chrome 131 · Android 14',
      createdAt: new Date(),
    });
    const withPush = await status(admin.client);
    expect(withPush.checks.map((c) => c.id)).toEqual([
      'database',
      'storage',
      'mail_out',
      'push',
      'backup',
    ]);
    expect(line(withPush, 'push')).toMatchObject({ state: 'ok' });
  });

  it('turns mail_out red when the SMTP server stops, and green again once a mail goes out', async () => {
    const port = await freePort();
    let smtp = await smtpOn(port);
    const app = await ctx.app({ env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });

    const sent = await admin.client.post('/api/admin/status/test-mail');
    expect(sent.json()).toEqual({ sent: true, to: 'obsluga@example.com' });
    expect(smtp.subjects).toEqual(['E-mail próbny z Kontaktu']);
    expect(line(await status(admin.client), 'mail_out')).toMatchObject({ state: 'ok' });

    await smtp.close();
    const refused = (await admin.client.post('/api/admin/status/test-mail')).json();
    expect(refused).toMatchObject({ sent: false, to: 'obsluga@example.com' });
    expect(refused.detail).toMatch(/^Serwer poczty nie przyjął wiadomości: .*ECONNREFUSED/);
    const red = line(await status(admin.client), 'mail_out');
    expect(red?.state).toBe('fail');
    expect(red?.detail).toMatch(/Ostatni błąd: .*ECONNREFUSED/);
    expect(red?.detail).toMatch(/sprawdź SMTP_URL/);

    smtp = await smtpOn(port);
    expect((await admin.client.post('/api/admin/status/test-mail')).json().sent).toBe(true);
    expect(line(await status(admin.client), 'mail_out')).toMatchObject({ state: 'ok' });
    await smtp.close();
  });

  it('turns mail_out amber, then red, while the oldest mail in the outbox waits past its delay', async () => {
    const clock = new TestClock(Date.parse('2026-03-10T10:00:00Z'));
    const app = await ctx.app({ clock, env: { NOTIFY_DELAY_SECONDS: '120' } });
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    await app.deps.db.insert(jobs).values({
      kind: 'test-waiting',
      dedupeKey: 'test-waiting:1',
      payload: {},
      runAt: new Date(clock.now().getTime() + HOUR),
      createdAt: clock.now(),
    });
    // Within its own delay a waiting ticket mail is normal.
    clock.advance(6 * 60_000);
    expect(line(await status(admin.client), 'mail_out')?.state).toBe('ok');
    clock.advance(2 * 60_000);
    const amber = line(await status(admin.client), 'mail_out');
    expect(amber?.state).toBe('warn');
    expect(amber?.detail).toMatch(/W kolejce: 1 wiadomość, najstarsza czeka 8 minut/);
    clock.advance(25 * 60_000);
    expect(line(await status(admin.client), 'mail_out')?.state).toBe('fail');
  });
});

describe('red lines mailed to admins', () => {
  /** An app whose mailbox is a closed port: `mail_in` is red while mail out works. */
  async function redWorld() {
    const clock = new TestClock(Date.parse('2026-03-10T10:00:00Z'));
    const closed = await freePort();
    const app = await ctx.app({
      clock,
      env: {
        IMAP_URL: `imap://kontakt:haslo@127.0.0.1:${closed}/INBOX`,
        MAIL_REPLY_TO: 'kontakt@studio.test',
      },
    });
    const first = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const second = await quickUser(app, { username: 'Szefowa', isAdmin: true });
    await quickUser(app, { username: 'Alicja' });
    return { app, clock, first, second };
  }

  const redMails = () =>
    ctx.mail.messages.filter((m) => m.subject.includes('czerwona linia w „Stanie systemu”'));

  it('sends each admin one Polish mail listing the red lines, not again within 24 hours, again after', async () => {
    const { app, clock } = await redWorld();
    expect(await mailRedLines(app)).toBe(2);
    await app.jobs.runDue();
    expect(
      redMails()
        .map((m) => m.to)
        .sort(),
    ).toEqual(['obsluga@example.com', 'szefowa@example.com']);
    const mail = redMails()[0];
    expect(mail?.subject).toBe('Kontakt: czerwona linia w „Stanie systemu” (Poczta przychodząca)');
    expect(mail?.text).toMatch(
      /Poczta przychodząca: Nie można połączyć się ze skrzynką kontakt@127\.0\.0\.1/,
    );
    expect(mail?.text).toContain('http://localhost:3000/contact/status');

    clock.advance(23 * HOUR);
    expect(await mailRedLines(app)).toBe(0);
    await app.jobs.runDue();
    expect(redMails()).toHaveLength(2);

    clock.advance(2 * HOUR);
    expect(await mailRedLines(app)).toBe(2);
    await app.jobs.runDue();
    expect(redMails()).toHaveLength(4);
  });

  it('skips an admin whose address bounces, and sends nothing while every line is green', async () => {
    const { app, first } = await redWorld();
    await app.deps.db
      .update(users)
      .set({ emailBouncingAt: app.deps.clock.now() })
      .where(eq(users.id, first.user.id));
    expect(await mailRedLines(app)).toBe(1);
    await app.jobs.runDue();
    expect(redMails().map((m) => m.to)).toEqual(['szefowa@example.com']);

    const green = await ctx.app();
    await quickUser(green, { username: 'Kierownik', isAdmin: true });
    const answer = await status(
      (await quickUser(green, { username: 'Drugi', isAdmin: true })).client,
    );
    expect(answer.checks.filter((c) => c.state === 'fail')).toEqual([]);
    expect(await mailRedLines(green)).toBe(0);
  });
});

describe('„Pierwsze kroki”', () => {
  it('marks the studio details and the test mail done; the mailbox and backup stay to do here', async () => {
    const app = await ctx.app({ env: STUDIO_ENV });
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const before = (await admin.client.get('/api/admin/first-run')).json();
    expect(FirstRunAnswerSchema.parse(before)).toEqual(before);
    expect(before).toEqual({
      steps: [
        { id: 'studio_details', done: true },
        { id: 'mail_out_tested', done: false },
        { id: 'mailbox_connected', done: false },
        { id: 'backup_made', done: false },
      ],
      done: false,
    });
    await admin.client.post('/api/admin/status/test-mail');
    expect(ctx.mail.messages.map((m) => m.to)).toEqual(['obsluga@example.com']);
    const after = (await admin.client.get('/api/admin/first-run')).json();
    expect(after.steps[1]).toEqual({ id: 'mail_out_tested', done: true });
  });

  it('does not count the development placeholders as the studio details', async () => {
    const app = await ctx.app();
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const answer = (await admin.client.get('/api/admin/first-run')).json();
    expect(answer.steps[0]).toEqual({ id: 'studio_details', done: false });
  });

  it('tells how to make the first admin while there is none', async () => {
    const app = await ctx.app();
    expect(await firstAdminHint(app.deps.db, [])).toBe(
      'Nie ma jeszcze administratora: zarejestruj konto na stronie, potem dopisz jego e-mail do ADMIN_EMAILS i uruchom serwer ponownie, albo zatrzymaj serwer i wykonaj `npm run admin -- grant <nazwa-lub-e-mail>`.',
    );
    expect(await firstAdminHint(app.deps.db, ['szef@studio.pl'])).toBe(
      'Nie ma jeszcze administratora: zarejestruj na stronie konto z adresem z ADMIN_EMAILS (szef@studio.pl), a od razu nim zostanie.',
    );
    await quickUser(app, { username: 'Obsluga', isAdmin: true });
    expect(await firstAdminHint(app.deps.db, [])).toBeNull();
  });
});
