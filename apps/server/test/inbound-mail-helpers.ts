import type { FastifyInstance } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { sentTicketMails } from '../src/db/schema/index';
import type { TestClock } from '../src/lib/clock';
import { type Dovecot, dovecotAvailable, startDovecot } from './dovecot';
import type { createTestContext } from './helpers';
import { createTicket, postMessage, quickUser } from './tickets-helpers';

/**
 * A customer's ticket with a staff answer whose notification e-mail went out:
 * what a customer replies to. Answers the notification's Message-ID.
 */
export async function answeredTicket(app: FastifyInstance, clock: TestClock) {
  const alice = await quickUser(app, { username: 'Alicja' });
  const admin = await quickUser(app, { username: 'Obsluga', isAdmin: true });
  const { id } = (await createTicket(alice.client, { body: 'Pytanie' })).json();
  await postMessage(admin.client, id, { body: 'Odpowiedź zespołu' });
  clock.advance(10 * 60_000);
  await app.jobs.runDue();
  const [notification] = await sentIds(app, alice.user.id);
  if (!notification) throw new Error('no notification sent');
  return { alice, admin, ticketId: id as number, notification };
}

let counter = 0;

/** A raw mail as a mail program would send it; the Message-ID is fresh unless given. */
export function rawMail(options: Mail.Options): Promise<Buffer> {
  counter += 1;
  return new MailComposer({
    to: 'kontakt@studio.test',
    subject: 'Re: Nowa odpowiedź',
    messageId: `<client.${Date.now()}.${counter}@mail.example>`,
    ...options,
  })
    .compile()
    .build();
}

/** The Message-IDs of the ticket e-mails that went to a user, oldest first. */
export async function sentIds(app: FastifyInstance, userId: number): Promise<string[]> {
  const rows = await app.deps.db.select().from(sentTicketMails);
  return rows.filter((r) => r.userId === userId).map((r) => r.messageId);
}

/** Polls until `check` holds (the watcher works in the background), or fails after `ms`. */
export async function eventually(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Empties INBOX and the module's folders between tests. */
/**
 * The hooks of a test file that reads mail from a private Dovecot: one server
 * for the file, and before each test a fresh database and empty folders.
 * Nothing runs where Dovecot is not installed (the file's describe.skipIf
 * says so). `started` is given the server once it runs.
 */
export function useDovecot(
  ctx: ReturnType<typeof createTestContext>,
  started: (dovecot: Dovecot) => void,
) {
  const available = dovecotAvailable();
  let dovecot: Dovecot;
  beforeAll(async () => {
    if (!available) return;
    await ctx.setup();
    dovecot = await startDovecot();
    started(dovecot);
  }, 60_000);
  beforeEach(async () => {
    if (!available) return;
    await ctx.reset();
    await emptyMailbox(dovecot);
  });
  afterAll(async () => {
    if (!available) return;
    await ctx.teardown();
    await dovecot.close();
  });
}

export async function emptyMailbox(dovecot: Dovecot) {
  await dovecot.withClient(async (client) => {
    for (const box of await client.list()) {
      const status = await client.status(box.path, { messages: true });
      if (status === false || !status.messages) continue;
      await client.mailboxOpen(box.path);
      await client.messageDelete('1:*');
    }
  });
}

/**
 * A mail as the receiving server hands it on: its own header lines (e.g.
 * Authentication-Results) added on top, above everything the sender wrote.
 */
export function receivedWith(raw: Buffer, ...headerLines: string[]): Buffer {
  return Buffer.concat([Buffer.from(headerLines.map((h) => `${h}\r\n`).join('')), raw]);
}
