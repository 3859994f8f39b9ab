/**
 * Finding 7 against the real server: a per-user storage quota (413
 * `quota_exceeded`) and a cap on uploads held in memory at once, per user
 * (429) and per instance (503), both with Retry-After.
 */
import http from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Client, createTestContext, ORIGIN } from '../../../test/helpers';
import {
  createTicket,
  listen,
  multipart,
  postMessage,
  quickUser,
  uploadedFiles,
} from '../../../test/tickets-helpers';
import { TestClock } from '../../lib/clock';

const ctx = createTestContext();
beforeAll(() => ctx.setup());
beforeEach(() => ctx.reset());
afterAll(() => ctx.teardown());

const KIB = 1024;
const textFile = (kib: number, name = 'log.txt') => ({
  filename: name,
  data: Buffer.from('a'.repeat(kib * KIB)),
});

describe('finding 7: storage quota', () => {
  it('refuses uploads past STORAGE_QUOTA_MB with 413 quota_exceeded, text still goes', async () => {
    const app = await ctx.app({ clock: new TestClock(), env: { STORAGE_QUOTA_MB: '1' } });
    const alice = await quickUser(app, { username: 'Alicja' });
    const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
    const { id } = (await createTicket(alice.client, { body: 'start' })).json();

    expect((await postMessage(alice.client, id, { files: [textFile(600)] })).statusCode).toBe(201);
    const stored = uploadedFiles(app).length;
    const over = await postMessage(alice.client, id, { files: [textFile(600)] });
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({ error: 'quota_exceeded' });
    expect(uploadedFiles(app)).toHaveLength(stored);
    // Within the rest of the quota it still fits; then the quota is full, even for 1 KiB.
    expect((await postMessage(alice.client, id, { files: [textFile(424)] })).statusCode).toBe(201);
    const full = await createTicket(alice.client, { body: 'nowy', files: [textFile(1)] });
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual({ error: 'quota_exceeded' });
    expect((await postMessage(alice.client, id, { body: 'tylko tekst' })).statusCode).toBe(201);

    // The quota is per user: staff and other customers are not affected by Alicja's files.
    expect((await postMessage(admin.client, id, { files: [textFile(600)] })).statusCode).toBe(201);
    // Deleting the ticket gives the space back.
    await admin.client.request('DELETE', `/api/tickets/${id}`);
    expect((await createTicket(alice.client, { files: [textFile(600)] })).statusCode).toBe(201);
  });
});

interface Answer {
  status: number;
  retryAfter: number;
  error?: string;
}

/**
 * An upload over a real socket that stops inside its file part until
 * `finish()`. A refused upload is answered while it stalls (`answered`).
 */
async function stalledUpload(base: string, client: Client, ticketId: number) {
  const { payload, headers } = multipart([
    { name: 'body', value: 'wolno' },
    { name: 'images', filename: 'wolno.txt', data: Buffer.from('b'.repeat(64 * KIB)) },
  ]);
  const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const request = http.request(`${base}/api/tickets/${ticketId}/messages`, {
    method: 'POST',
    headers: { ...headers, origin: ORIGIN, cookie, 'content-length': String(payload.length) },
  });
  let answered: Answer | null = null;
  const answer = new Promise<Answer>((resolve, reject) => {
    request.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => {
        answered = {
          status: response.statusCode ?? 0,
          retryAfter: Number(response.headers['retry-after'] ?? 0),
          error: (JSON.parse(text || '{}') as { error?: string }).error,
        };
        resolve(answered);
      });
    });
    // A refused upload's socket may close before the rest of its body is sent.
    request.on('error', (error) => (answered ? undefined : reject(error)));
  });
  const cut = payload.length - 1000;
  request.write(payload.subarray(0, cut));
  return {
    answer,
    get answered() {
      return answered;
    },
    finish: () => {
      request.end(payload.subarray(cut));
      return answer;
    },
    /** Gives up the rest of the body, as a browser does after an error answer. */
    abandon: () => request.destroy(),
  };
}

/** Starts uploads that all stall; resolves with the one refused while the others are held. */
async function refusedAmong(uploads: Array<Awaited<ReturnType<typeof stalledUpload>>>) {
  const refused = await Promise.race(uploads.map((u) => u.answer));
  const held = uploads.filter((u) => u.answered === null);
  expect(held).toHaveLength(uploads.length - 1);
  for (const upload of uploads) if (upload.answered) upload.abandon();
  return { refused, held };
}

describe('finding 7: uploads in flight', () => {
  it('allows two uploads in flight per user; a third gets 429 with Retry-After', async () => {
    const app = await ctx.app({ clock: new TestClock() });
    const base = await listen(app);
    const alice = await quickUser(app, { username: 'Alicja' });
    const bob = await quickUser(app, { username: 'Bartek' });
    const { id } = (await createTicket(alice.client, { body: 'start' })).json();
    const bobs = (await createTicket(bob.client, { body: 'start' })).json().id;
    const { refused, held } = await refusedAmong([
      await stalledUpload(base, alice.client, id),
      await stalledUpload(base, alice.client, id),
      await stalledUpload(base, alice.client, id),
    ]);
    expect(refused).toEqual({ status: 429, retryAfter: 5, error: 'rate_limited' });

    // Text needs no slot; other users are not affected.
    expect((await postMessage(alice.client, id, { body: 'tekst' })).statusCode).toBe(201);
    expect((await postMessage(bob.client, bobs, { files: [textFile(1)] })).statusCode).toBe(201);
    const another = await postMessage(alice.client, id, { files: [textFile(1)] });
    expect(another.statusCode).toBe(429);

    const finished = await Promise.all(held.map((u) => u.finish()));
    expect(finished.map((a) => a.status)).toEqual([201, 201]);
    // The slots are given back once the uploads are stored.
    expect((await postMessage(alice.client, id, { files: [textFile(1)] })).statusCode).toBe(201);
  });

  it('caps uploads in flight per instance (UPLOADS_IN_FLIGHT_MAX): 503 with Retry-After', async () => {
    const app = await ctx.app({ clock: new TestClock(), env: { UPLOADS_IN_FLIGHT_MAX: '1' } });
    const base = await listen(app);
    const alice = await quickUser(app, { username: 'Alicja' });
    const bob = await quickUser(app, { username: 'Bartek' });
    const { id } = (await createTicket(alice.client, { body: 'start' })).json();
    const bobs = (await createTicket(bob.client, { body: 'start' })).json().id;
    const { refused, held } = await refusedAmong([
      await stalledUpload(base, alice.client, id),
      await stalledUpload(base, bob.client, bobs),
    ]);
    expect(refused).toEqual({ status: 503, retryAfter: 5, error: 'service_unavailable' });

    expect((await held[0]?.finish())?.status).toBe(201);
    expect((await postMessage(bob.client, bobs, { files: [textFile(1)] })).statusCode).toBe(201);
    expect((await postMessage(alice.client, id, { files: [textFile(1)] })).statusCode).toBe(201);
  });
});
