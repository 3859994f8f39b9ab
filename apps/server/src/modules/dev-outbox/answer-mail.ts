import { randomBytes } from 'node:crypto';
import type { Config } from '../../config';
import type { OutboxEntry } from '../../mail/transport';
import {
  type InboundContext,
  type InboundOutcome,
  processInboundMail,
} from '../inbound-mail/index';

/**
 * The dev outbox's „Odpowiedz”: the answer is written as the raw mail a mail
 * program would send (threading headers, the original quoted below an
 * "On … wrote:" line), parsed like a mail from the mailbox and handed to the
 * same inbound code as the IMAP watcher, through the same parser worker.
 */
export async function answerOutboxMail(
  inbound: InboundContext,
  config: Pick<Config, 'mailReplyTo' | 'mailFrom'>,
  entry: OutboxEntry,
  answer: { from: string; body: string },
): Promise<InboundOutcome> {
  const references = [entry.headers?.References, entry.messageId].filter(Boolean).join(' ');
  const quoted = entry.text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  // Loaded at the first answer, not at start (cold start, bench/README.md).
  const { default: MailComposer } = await import('nodemailer/lib/mail-composer');
  const raw = await new MailComposer({
    from: answer.from,
    to: config.mailReplyTo ?? config.mailFrom,
    subject: `Re: ${entry.subject}`,
    messageId: `<dev.${randomBytes(8).toString('hex')}@localhost>`,
    ...(entry.messageId ? { inReplyTo: entry.messageId, references } : {}),
    text: `${answer.body}\n\nOn ${entry.date}, Studio wrote:\n${quoted}\n`,
  })
    .compile()
    .build();
  return processInboundMail(inbound, await inbound.parser.parse(raw));
}
