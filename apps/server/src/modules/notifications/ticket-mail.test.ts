import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Client, createTestContext } from '../../../test/helpers';
import { createTicket, postMessage, quickUser, ticketNumber } from '../../../test/tickets-helpers';
import { loadConfig } from '../../config';
import { TestClock } from '../../lib/clock';
import { unsubscribeToken } from './unsubscribe-token';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const REPLY_TO = 'kontakt@studio.test';

async function world(env: Record<string, string> = {}) {
  const clock = new TestClock();
  const app = await ctx.app({ clock, env: { MAIL_REPLY_TO: REPLY_TO, ...env } });
  const alice = await quickUser(app, { username: 'Alicja' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  const send = async () => {
    clock.advance(10 * 60_000);
    await app.jobs.runDue();
  };
  return { app, clock, alice, admin, send };
}

const mailsTo = (to: string) => ctx.mail.messages.filter((m) => m.to === to);

describe('ticket e-mails worth receiving (DESIGN §7.1)', () => {
  it('carry the new messages themselves in text and HTML, the button, and the list headers', async () => {
    const { alice, admin, send } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Nie działa logowanie' })).json();
    await postMessage(admin.client, id, { body: 'Sprawdzamy <b>to</b> 🙂\nDruga linia' });
    await send();
    const [mail] = mailsTo(alice.user.email);
    expect(mail?.text).toContain('Sprawdzamy <b>to</b> 🙂\nDruga linia');
    expect(mail?.text).toContain('Obsluga (zespół Studia)');
    expect(mail?.html).toContain('Sprawdzamy &#60;b&#62;to&#60;/b&#62; 🙂');
    expect(mail?.html).toContain('>Otwórz zgłoszenie</a>');
    expect(mail?.html).toContain('lang="pl"');
    const h = mail?.headers ?? {};
    expect(h['message-id']).toMatch(/^<kontakt\.[0-9a-f]{24}@localhost>$/);
    expect(h['reply-to']).toBe(REPLY_TO);
    expect(h['auto-submitted']).toBe('auto-generated');
    expect(h['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:3000\/api\/notifications\/unsubscribe\?token=\d+\.[\w-]{32}>$/,
    );
    expect(h['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(h['in-reply-to']).toBeUndefined();
    // The customer's own message is not in the owner's e-mail.
    expect(mail?.text).not.toContain('Nie działa logowanie');
  });

  it('chain every e-mail of a ticket to one recipient with In-Reply-To and References', async () => {
    const { alice, admin, send } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const ids: string[] = [];
    for (const body of ['Jeden', 'Dwa', 'Trzy']) {
      await postMessage(admin.client, id, { body });
      await send();
      const mail = mailsTo(alice.user.email).at(-1);
      expect(mail?.text).toContain(body);
      if (ids.length) {
        expect(mail?.headers['in-reply-to']).toBe(ids.at(-1));
        expect(mail?.headers.references).toBe(ids.join(' '));
      }
      ids.push(mail?.headers['message-id'] ?? '');
    }
    expect(new Set(ids).size).toBe(3);
    // Another ticket starts its own thread.
    const other = (await createTicket(alice.client, { body: 'Inne' })).json();
    await postMessage(admin.client, other.id, { body: 'Osobno' });
    await send();
    expect(mailsTo(alice.user.email).at(-1)?.headers['in-reply-to']).toBeUndefined();
  });

  it('tell staff about a customer’s message with its text; no Reply-To without MAIL_REPLY_TO', async () => {
    const { alice, admin, send } = await world({ MAIL_REPLY_TO: '' });
    // One mail per new ticket, not the grouped one (issue 31), so it carries the text.
    await admin.client.request('PUT', '/api/profile/staff-notifications', {
      new_tickets: 'each',
      assigned_overdue: true,
    });
    const { id } = (await createTicket(alice.client, { body: 'Proszę o fakturę 📄' })).json();
    const number = await ticketNumber(alice.client, id);
    await send();
    const [mail] = mailsTo(admin.user.email);
    expect(mail?.subject).toBe(`Nowe zgłoszenie #${number} od Alicja`);
    expect(mail?.text).toContain('Proszę o fakturę 📄');
    expect(mail?.headers['reply-to']).toBeUndefined();
    expect(mail?.text).not.toContain('odpowiedzieć na tego e-maila');
  });

  it('wait NOTIFY_DELAY_SECONDS before sending', async () => {
    const { app, clock, alice, admin } = await world({ NOTIFY_DELAY_SECONDS: '10' });
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    clock.advance(9_000);
    await app.jobs.runDue();
    expect(mailsTo(alice.user.email)).toHaveLength(0);
    clock.advance(1_000);
    await app.jobs.runDue();
    expect(mailsTo(alice.user.email)).toHaveLength(1);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  const unsubscribePath = (mail: { headers: Record<string, string> } | undefined) =>
    new URL((mail?.headers['list-unsubscribe'] ?? '').slice(1, -1)).pathname +
    new URL((mail?.headers['list-unsubscribe'] ?? '').slice(1, -1)).search;

  it('a POST from a mail server (no Origin, form body) turns ticket e-mails off; GET only shows a button', async () => {
    const { app, alice, admin, send } = await world();
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    await postMessage(admin.client, id, { body: 'Odpowiedź' });
    await send();
    const url = unsubscribePath(mailsTo(alice.user.email)[0]);
    const page = await app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Wyłącz powiadomienia');
    expect((await alice.client.get('/api/profile/notifications')).json()).toEqual({ email: true });
    const oneClick = await app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect((await alice.client.get('/api/profile/notifications')).json()).toEqual({ email: false });
    await postMessage(admin.client, id, { body: 'Jeszcze' });
    await send();
    expect(mailsTo(alice.user.email)).toHaveLength(1);
  });

  it('refuses a forged or altered token and touches nobody', async () => {
    const { app, alice, admin } = await world();
    const good = unsubscribeToken(app.deps.config, alice.user.id);
    const forged = `${admin.user.id}.${good.split('.')[1]}`;
    for (const token of [forged, `${alice.user.id}.${'A'.repeat(32)}`, 'x', `${good}x`]) {
      const answer = await app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: 'invalid_token' });
    }
    expect((await admin.client.get('/api/profile/notifications')).json()).toEqual({ email: true });
    expect((await alice.client.get('/api/profile/notifications')).json()).toEqual({ email: true });
  });

  it('is the only call exempt from the origin check', async () => {
    const { app, alice } = await world();
    const noOrigin = new Client(app, {});
    noOrigin.cookies.set(...([...alice.client.cookies.entries()][0] as [string, string]));
    const refused = await noOrigin.post('/api/profile/notifications', { email: false });
    expect(refused.statusCode).toBe(403);
    const foreign = await app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${unsubscribeToken(app.deps.config, alice.user.id)}`,
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.json()).toEqual({ email: false });
  });
});

describe('e-mail channel settings', () => {
  it('IMAP_URL needs MAIL_REPLY_TO, and bad values are named', () => {
    expect(() => loadConfig({ IMAP_URL: 'imap://u:p@127.0.0.1:143/INBOX' })).toThrow(
      'Invalid MAIL_REPLY_TO: required when IMAP_URL is set',
    );
    expect(() => loadConfig({ IMAP_URL: 'http://x', MAIL_REPLY_TO: 'a@b.pl' })).toThrow(
      /Invalid IMAP_URL/,
    );
    expect(() => loadConfig({ NOTIFY_DELAY_SECONDS: '-1' })).toThrow(/NOTIFY_DELAY_SECONDS/);
    const config = loadConfig({
      IMAP_URL: 'imaps://u:p@imap.example.com/INBOX',
      MAIL_REPLY_TO: 'kontakt@studio.pl',
    });
    expect(config.notifyDelayMs).toBe(120_000);
    expect(config.mailReplyTo).toBe('kontakt@studio.pl');
  });
});
