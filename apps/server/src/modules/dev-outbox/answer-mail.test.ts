import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, ORIGIN, tempDir } from '../../../test/helpers';
import { answeredTicket } from '../../../test/inbound-mail-helpers';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { TestClock } from '../../lib/clock';
import type { OutboxEntry } from '../../mail/transport';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const opened: FastifyInstance[] = [];
afterAll(() => Promise.all(opened.map((app) => app.close())));

/** `npm start` without SMTP and without IMAP_URL: the dev outbox stands in for both. */
async function devWorld() {
  const dataDir = tempDir('outbox-answer');
  const config = loadConfig({
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIR: path.join(dataDir, 'no-web'),
  });
  const clock = new TestClock();
  const app = await buildApp({ config, database: ctx.database, clock, scheduleRetention: false });
  opened.push(app);
  expect(app.mailWatcher).toBeNull();
  const { alice, ticketId } = await answeredTicket(app, clock);
  const list = await app.inject({ url: '/dev/outbox.json', remoteAddress: '127.0.0.1' });
  const mail = (list.json().messages as OutboxEntry[]).find((m) => m.to === alice.user.email);
  if (!mail) throw new Error('no e-mail in the outbox');
  return { app, alice, ticketId, mail };
}

const answer = (app: FastifyInstance, form: Record<string, string>) =>
  app.inject({
    method: 'POST',
    url: '/dev/outbox/answer',
    remoteAddress: '127.0.0.1',
    headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });

describe('the dev outbox', () => {
  it('shows each e-mail’s HTML version and an „Odpowiedz” form', async () => {
    const { app, mail } = await devWorld();
    const page = await app.inject({ url: '/dev/outbox', remoteAddress: '127.0.0.1' });
    expect(page.body).toContain('<iframe sandbox');
    expect(page.body).toContain('srcdoc="&#60;!doctype html&#62;');
    expect(page.body).toContain(`name="id" value="${mail.id}"`);
    expect(page.body).toContain('>Odpowiedz</button>');
  });

  it('„Odpowiedz” goes through the inbound code: a message by the recipient, quote stripped', async () => {
    const { app, alice, ticketId, mail } = await devWorld();
    const sent = await answer(app, { id: mail.id, from: mail.to, body: 'Dzięki, działa 🎉' });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/dev/outbox?outcome=stored');
    const thread = (await alice.client.get(`/api/tickets/${ticketId}/messages`)).json();
    expect(thread.messages.at(-1).body).toBe('Dzięki, działa 🎉');
    expect(thread.messages.at(-1).username).toBe('Alicja');
    const page = await app.inject({
      url: '/dev/outbox?outcome=stored',
      remoteAddress: '127.0.0.1',
    });
    expect(page.body).toContain('Odpowiedź trafiła do zgłoszenia.');
  });

  it('an answer from another address than the e-mail went to is refused like a spoofed mail', async () => {
    const { app, alice, ticketId, mail } = await devWorld();
    const sent = await answer(app, { id: mail.id, from: 'mallory@evil.example', body: 'Podszyty' });
    expect(sent.headers.location).toBe('/dev/outbox?outcome=spoofed');
    const thread = (await alice.client.get(`/api/tickets/${ticketId}/messages`)).json();
    expect(thread.messages).toHaveLength(2);
  });

  it('answers 404 to a client on another machine', async () => {
    const { app, mail } = await devWorld();
    const remote = await app.inject({
      method: 'POST',
      url: '/dev/outbox/answer',
      remoteAddress: '203.0.113.9',
      headers: { origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ id: mail.id, from: mail.to, body: 'x' }).toString(),
    });
    expect(remote.statusCode).toBe(404);
  });
});
