import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inlineScriptHashesOf } from '../src/plugins/security-headers';
import { type Client, createTestContext, testConfig } from './helpers';
import { createTicket, customersAndStaff, postMessage } from './tickets-helpers';

/*
 * The signed-in /contact rendered by the server (plugins/signed-in-contact.ts)
 * against a stand-in of the web app's server build: its "render" is the answers
 * it was given, so the tests see exactly what the server read for the visitor
 * (the real render and its escaping: apps/web signed-in-page.test.ts and
 * e2e/tests/contact-server-render.spec.ts).
 */

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const PRERENDERED =
  '<!DOCTYPE html><html><head><script>var prerendered=1</script></head><body><h1>Zaloguj się, aby napisać do nas</h1></body></html>';

/** A web build: the prerendered /contact and a server build whose entry behaves as `entry` says. */
function fakeBuild(entry: 'echo' | 'throws' | 'fails' | 'none') {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'studio-web-ssr-'));
  fs.mkdirSync(path.join(dir, 'client', 'contact'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'client', 'contact', 'index.html'), PRERENDERED);
  fs.writeFileSync(path.join(dir, 'client', '__spa-fallback.html'), '<div>SPA</div>');
  if (entry !== 'none') {
    fs.mkdirSync(path.join(dir, 'ssr'));
    const status = entry === 'fails' ? 500 : 200;
    const render =
      entry === 'throws'
        ? `async () => { throw new Error('render broke'); }`
        : `async () => new Response('rendered', { status: ${status} })`;
    fs.writeFileSync(
      path.join(dir, 'ssr', 'index.js'),
      `export const entry = { module: {
        createRequestHandler: () => ${render},
        signedInPlan: (me) => ({ listUrl: me.is_staff ? '/api/tickets?awaiting=staff&sort=waiting' : '/api/tickets', opensFirst: !me.is_staff, firstRunUrl: null }),
        signedInState: (answers) => answers,
        signedInPage: ({ prerendered, state }) =>
          prerendered.replace('<body>', '<body><pre id="answers">' + JSON.stringify(state) + '</pre>'),
      } };`,
    );
  }
  return path.join(dir, 'client');
}

/** What the stand-in render was given for this page, or null for the prerendered page. */
function answersOf(html: string) {
  const match = /<pre id="answers">(.*?)<\/pre>/s.exec(html);
  return match?.[1] ? JSON.parse(match[1]) : null;
}

async function world(entry: Parameters<typeof fakeBuild>[0] = 'echo') {
  const app = await ctx.app({ config: testConfig({ WEB_DIR: fakeBuild(entry) }) });
  return { app, ...(await customersAndStaff(app)) };
}

const page = (client: Client, url = '/contact') =>
  client.get(url, { 'accept-encoding': 'identity' });

describe('the signed-in /contact rendered by the server', () => {
  it("renders a customer's own list and newest thread, private and under the page's policy", async () => {
    const { app, alice, bob } = await world();
    const older = (await createTicket(alice.client, { body: 'Starsza sprawa Alicji' })).json().id;
    const newer = (await createTicket(alice.client, { body: 'Nowsza sprawa Alicji' })).json().id;
    await createTicket(bob.client, { body: 'Sprawa Bartka' });
    const answer = await page(alice.client);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const plain = await app.inject({ url: '/contact' });
    expect(answer.headers['content-security-policy']).toBe(
      plain.headers['content-security-policy'],
    );
    expect(answer.headers['content-security-policy']).toContain(
      inlineScriptHashesOf(PRERENDERED)[0],
    );
    const answers = answersOf(answer.body);
    expect(answers.me.user.username).toBe('Alicja');
    expect(answers.tickets.tickets.map((t: { id: number }) => t.id)).toEqual([newer, older]);
    expect(answers.thread.ticketId).toBe(newer);
    expect(answer.body).not.toContain('Sprawa Bartka');
  });

  it("opens the ticket asked for, and renders nothing of another customer's", async () => {
    const { alice, bob } = await world();
    const own = (await createTicket(alice.client, { body: 'Sprawa Alicji' })).json().id;
    await createTicket(alice.client, { body: 'Nowsza sprawa Alicji' });
    const foreign = (await createTicket(bob.client, { body: 'Tajemnica Bartka' })).json().id;
    expect(
      answersOf((await page(alice.client, `/contact?ticket=${own}`)).body).thread.ticketId,
    ).toBe(own);
    const stale = await page(alice.client, `/contact?ticket=${foreign}`);
    expect(answersOf(stale.body).thread).toBeNull();
    expect(answersOf(stale.body).pinned).toBeNull();
    expect(stale.body).not.toContain('Tajemnica Bartka');
    expect(answersOf((await page(alice.client, '/contact?ticket=999999')).body).thread).toBeNull();
  });

  it("never puts staff's internal notes on a customer's page", async () => {
    const { alice, admin } = await world();
    const id = (await createTicket(alice.client, { body: 'Pytanie' })).json().id;
    const noted = await postMessage(admin.client, id, {
      body: 'Notatka tylko dla zespołu',
      extra: { internal: 'true' },
    });
    expect(noted.statusCode).toBe(201);
    const answer = await page(alice.client);
    expect(answersOf(answer.body).thread.ticketId).toBe(id);
    expect(answer.body).not.toContain('Notatka tylko dla zespołu');
    const staffPage = await page(admin.client);
    expect(answersOf(staffPage.body).me.is_staff).toBe(true);
    // Staff get the ticket asked for with their notes (it waits for them: it is in their view).
    const linked = answersOf((await page(admin.client, `/contact?ticket=${id}`)).body);
    expect(linked.thread.ticketId).toBe(id);
    expect(JSON.stringify(linked.thread.messages)).toContain('Notatka tylko dla zespołu');
  });

  it('sends the prerendered page to a visitor signed out, or whose session ended', async () => {
    const { app, alice } = await world();
    await createTicket(alice.client, { body: 'Sprawa' });
    const anonymous = await app.inject({ url: '/contact' });
    expect(anonymous.body).toBe(PRERENDERED);
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    const forged = await app.inject({ url: '/contact', cookies: { sid: 'nie-ma-takiej-sesji' } });
    expect(forged.body).toBe(PRERENDERED);
    const cookies = Object.fromEntries(alice.client.cookies);
    expect((await alice.client.post('/api/auth/logout')).statusCode).toBeLessThan(300);
    const ended = await app.inject({ url: '/contact', cookies });
    expect(ended.statusCode).toBe(200);
    expect(ended.body).toBe(PRERENDERED);
  });

  it.each([
    ['the render throws', 'throws'],
    ['the render answers 500', 'fails'],
    ['the build has no server part', 'none'],
  ] as const)('falls back to the prerendered page when %s', async (_case, entry) => {
    const { alice } = await world(entry);
    await createTicket(alice.client, { body: 'Sprawa' });
    const answer = await page(alice.client);
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toBe(PRERENDERED);
    expect(answer.headers['cache-control']).toBe('no-cache');
  });
});
