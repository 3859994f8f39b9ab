/**
 * Finding 7 against the real server: a per-user storage quota (413
 * `quota_exceeded`) and a cap on uploads held in memory at once, per user
 * (429) and per instance (503), both with Retry-After.
 */
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
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

/** An upload over a real socket that stops inside its file part until `finish()`. */
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
  const answer = new Promise<number>((resolve, reject) => {
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
  });
  const cut = payload.length - 1000;
  request.write(payload.subarray(0, cut));
  return {
    finish: () => {
      request.end(payload.subarray(cut));
      return answer;
    },
  };
}

/** Sends small uploads until one is refused (the stalled ones reach the server meanwhile). */
async function firstRefusal(app: FastifyInstance, client: Client, ticketId: number) {
  for (let i = 0; i < 50; i++) {
    const response = await postMessage(client, ticketId, { files: [textFile(1, `${i}.txt`)] });
    if (response.statusCode !== 201) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never refused; ${uploadedFiles(app).length} files stored`);
}

describe('finding 7: uploads in flight', () => {
  it('allows two uploads in flight per user; a third gets 429 with Retry-After', async () => {
    const app = await ctx.app({ clock: new TestClock() });
    const base = await listen(app);
    const alice = await quickUser(app, { username: 'Alicja' });
    const bob = await quickUser(app, { username: 'Bartek' });
    const { id } = (await createTicket(alice.client, { body: 'start' })).json();
    const bobs = (await createTicket(bob.client, { body: 'start' })).json().id;
    const slow = [
      await stalledUpload(base, alice.client, id),
      await stalledUpload(base, alice.client, id),
    ];

    const refused = await firstRefusal(app, alice.client, id);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: 'rate_limited' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Text needs no slot; other users are not affected.
    expect((await postMessage(alice.client, id, { body: 'tekst' })).statusCode).toBe(201);
    expect((await postMessage(bob.client, bobs, { files: [textFile(1)] })).statusCode).toBe(201);

    expect(await Promise.all(slow.map((s) => s.finish()))).toEqual([201, 201]);
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
    const slow = await stalledUpload(base, alice.client, id);

    const refused = await firstRefusal(app, bob.client, bobs);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: 'service_unavailable' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    expect(await slow.finish()).toBe(201);
    expect((await postMessage(bob.client, bobs, { files: [textFile(1)] })).statusCode).toBe(201);
  });
});
