import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext } from '../../../test/helpers';
import { createTicket, postMessage, quickUser, ticketsWorld } from '../../../test/tickets-helpers';

/** „Podpis w odpowiedziach” (issue 31): a staff member's signature under public replies. */
const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const SIGNATURE = 'Anna Nowak\nZespół Studia, tel. 22 123 45 67';

describe('GET|PUT /api/profile/signature', () => {
  it('stores a staff member’s signature, trimmed, and an empty one removes it', async () => {
    const { admin } = await ticketsWorld(ctx);
    expect((await admin.client.get('/api/profile/signature')).json()).toEqual({ signature: '' });
    const saved = await admin.client.request('PUT', '/api/profile/signature', {
      signature: `  ${SIGNATURE.replace('\n', '\r\n')}  `,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ signature: SIGNATURE });
    expect((await admin.client.get('/api/profile/signature')).json()).toEqual({
      signature: SIGNATURE,
    });
    await admin.client.request('PUT', '/api/profile/signature', { signature: '   ' });
    expect((await admin.client.get('/api/profile/signature')).json()).toEqual({ signature: '' });
  });

  it('refuses more than 500 characters with 400 and keeps the signature it had', async () => {
    const { admin } = await ticketsWorld(ctx);
    await admin.client.request('PUT', '/api/profile/signature', { signature: SIGNATURE });
    const refused = await admin.client.request('PUT', '/api/profile/signature', {
      signature: 'x'.repeat(501),
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('validation_failed');
    expect(
      (
        await admin.client.request('PUT', '/api/profile/signature', {
          signature: 'x'.repeat(500),
        })
      ).statusCode,
    ).toBe(200);
    const missing = await admin.client.request('PUT', '/api/profile/signature', {});
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a customer with 403 both ways and stores nothing', async () => {
    const { alice, bob, admin } = await ticketsWorld(ctx);
    expect((await alice.client.get('/api/profile/signature')).statusCode).toBe(403);
    const refused = await alice.client.request('PUT', '/api/profile/signature', {
      signature: 'Podpis klienta',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden' });
    // A customer's message stays as written.
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    await postMessage(alice.client, id, { body: 'Jeszcze jedno' });
    const thread = (await admin.client.get(`/api/tickets/${id}/messages`)).json().messages;
    expect(thread.map((m: { body: string }) => m.body)).toEqual(['Pytanie', 'Jeszcze jedno']);
    expect((await bob.client.get('/api/profile/signature')).statusCode).toBe(403);
  });
});

describe('the signature in replies', () => {
  it('is added below a public reply, and reaches the customer’s thread and e-mail', async () => {
    const { app, clock, alice, admin } = await ticketsWorld(ctx);
    await admin.client.request('PUT', '/api/profile/signature', { signature: SIGNATURE });
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const posted = await postMessage(admin.client, id, { body: 'Już sprawdzamy.' });
    expect(posted.json().message.body).toBe(`Już sprawdzamy.\n\n${SIGNATURE}`);
    clock.advance(10 * 60_000);
    await app.jobs.runDue();
    const mail = await ctx.mail.last(alice.user.email);
    expect(mail.text).toContain(`Już sprawdzamy.\n\n${SIGNATURE}`);
    const thread = (await alice.client.get(`/api/tickets/${id}/messages`)).json().messages;
    expect(thread.at(-1).body).toBe(`Już sprawdzamy.\n\n${SIGNATURE}`);
  });

  it('is added to a JSON reply and to a ticket opened for a caller, whose subject stays the text’s', async () => {
    const { admin } = await ticketsWorld(ctx);
    await admin.client.request('PUT', '/api/profile/signature', { signature: SIGNATURE });
    const created = await createTicket(admin.client, {
      body: 'Oddzwonimy w sprawie umowy',
      extra: { customer_email: 'dzwoniacy@example.com' },
    });
    const { id } = created.json();
    const ticket = (await admin.client.get(`/api/tickets/${id}`)).json().ticket;
    expect(ticket.subject).toBe('Oddzwonimy w sprawie umowy');
    const json = await admin.client.post(`/api/tickets/${id}/messages`, { body: 'Dopisek' });
    expect(json.json().message.body).toBe(`Dopisek\n\n${SIGNATURE}`);
    const thread = (await admin.client.get(`/api/tickets/${id}/messages`)).json().messages;
    expect(thread[0].body).toBe(`Oddzwonimy w sprawie umowy\n\n${SIGNATURE}`);
  });

  it('is not added to an internal note, nor to a colleague’s reply', async () => {
    const { app, alice, admin } = await ticketsWorld(ctx);
    const colleague = await quickUser(app, { username: 'Kolega', isAdmin: true });
    await admin.client.request('PUT', '/api/profile/signature', { signature: SIGNATURE });
    const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
    const reply = await postMessage(colleague.client, id, { body: 'Odpowiedź kolegi' });
    expect(reply.json().message.body).toBe('Odpowiedź kolegi');
    const note = await postMessage(admin.client, id, {
      body: 'Notatka dla zespołu',
      extra: { internal: 'true' },
    });
    expect(note.json().message.body).toBe('Notatka dla zespołu');
  });
});
