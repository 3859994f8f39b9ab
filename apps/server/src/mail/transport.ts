import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type * as Nodemailer from 'nodemailer';
import { isLoopbackHost } from '../lib/ip-address';
import { requireLater } from '../lib/require-later';

/** Loaded only when SMTP_URL is set; the dev outbox needs no mail library. */
const nodemailer = requireLater<typeof Nodemailer>('nodemailer');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Threading and list headers of ticket e-mails (DESIGN §7.1); account e-mails have none. */
  messageId?: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Resolves when the message was accepted by the transport; rejects otherwise. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer().createTransport({
    url: smtpUrl,
    // smtp:// would otherwise fall back to plain text whenever STARTTLS is missing, so a
    // network attacker could strip it and read codes, reset links and the SMTP password.
    // Only a relay on this machine may be plain; the URL may still say otherwise
    // (?requireTLS=false), which production refuses (config-production.ts).
    requireTLS: !isLoopbackHost(new URL(smtpUrl).hostname),
    // A mail server that does not answer must not hold a request for minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  } as Parameters<typeof Nodemailer.createTransport>[0]);
  return {
    async send(message) {
      await transport.sendMail({ from, ...message });
    },
    close: () => transport.close(),
  };
}

export interface OutboxEntry extends MailMessage {
  id: string;
  date: string;
}

/**
 * Development stand-in for SMTP: every message is a JSON file in
 * DATA_DIR/outbox, listed at /dev/outbox. The log names the file but never
 * prints the message, because it carries codes and reset links.
 */
export function createOutboxMailer(outboxDir: string, log: FastifyBaseLogger): Mailer {
  return {
    async send(message) {
      // Codes and reset links: readable by the server's user only (finding 29).
      await fs.mkdir(outboxDir, { recursive: true, mode: 0o700 });
      const date = new Date();
      const id = `${date.toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
      const entry: OutboxEntry = { id, date: date.toISOString(), ...message };
      // Written under a temporary name and renamed: a reader (the outbox page,
      // a browser test polling the folder) never sees half a file.
      const file = path.join(outboxDir, `${id}.json`);
      await fs.writeFile(`${file}.part`, JSON.stringify(entry, null, 2), { mode: 0o600 });
      await fs.rename(`${file}.part`, file);
      log.info(
        { to: message.to, subject: message.subject, file: `${id}.json` },
        'e-mail written to the dev outbox (/dev/outbox)',
      );
    },
    close: () => {},
  };
}

export async function readOutbox(outboxDir: string): Promise<OutboxEntry[]> {
  const names = await fs.readdir(outboxDir).catch(() => [] as string[]);
  const entries = await Promise.all(
    names
      .filter((n) => n.endsWith('.json'))
      .map(
        async (n) => JSON.parse(await fs.readFile(path.join(outboxDir, n), 'utf8')) as OutboxEntry,
      ),
  );
  return entries.sort((a, b) => b.id.localeCompare(a.id));
}
