import type { FastifyInstance } from 'fastify';
import MailComposer from 'nodemailer/lib/mail-composer';
import type Mail from 'nodemailer/lib/mailer';
import { sentTicketMails } from '../src/db/schema/index';
import type { Dovecot } from './dovecot';

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
