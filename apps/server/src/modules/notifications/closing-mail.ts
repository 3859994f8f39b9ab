import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobs, tickets, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { escapeHtml } from '../../lib/escape-html';
import type { MailMessage } from '../../mail/transport';
import { emailEnabled } from './email-preference';
import { ratingPageUrl } from './rating-token';
import { automaticMailHeaders, unsubscribeUrl } from './unsubscribe-token';

export const CLOSING_MAIL_JOB = 'ticket-closed';

export interface ClosingMailJob {
  ticketId: number;
}

const jobKey = (ticketId: number) => `${CLOSING_MAIL_JOB}:${ticketId}`;

/**
 * Called in the transaction that closes a ticket. The mail waits the usual
 * notification delay, so a close undone within it (reopened) sends nothing,
 * and closing, reopening and closing again sends one.
 */
export async function enqueueClosingMail(
  tx: Db,
  input: { ticketId: number; now: Date; delayMs: number },
) {
  await tx
    .insert(jobs)
    .values({
      kind: CLOSING_MAIL_JOB,
      dedupeKey: jobKey(input.ticketId),
      payload: { ticketId: input.ticketId } satisfies ClosingMailJob,
      runAt: new Date(input.now.getTime() + input.delayMs),
      createdAt: input.now,
    })
    .onConflictDoUpdate({ target: jobs.dedupeKey, set: { version: sql`${jobs.version} + 1` } });
}

/** Called when a ticket is reopened: a closing mail still waiting is not sent. */
export async function dropClosingMail(tx: Db, ticketId: number) {
  await tx.delete(jobs).where(eq(jobs.dedupeKey, jobKey(ticketId)));
}

export const RATING_CHOICES = [
  { score: 'good', label: 'Dobrze' },
  { score: 'neutral', label: 'Tak sobie' },
  { score: 'bad', label: 'Źle' },
] as const;

const QUESTION = 'Jak oceniasz naszą pomoc?';
const footerText =
  'Wiadomość wysłana automatycznie. Powiadomienia e-mail o zgłoszeniach wyłączysz w ustawieniach profilu albo jednym kliknięciem:';

/** The Polish mail to the customer whose ticket staff closed, with the three rating links. */
export function composeClosingMail(input: {
  to: string;
  number: number;
  subject: string;
  /** A rating page link per choice, in the order of RATING_CHOICES. */
  links: Record<(typeof RATING_CHOICES)[number]['score'], string>;
  unsubscribeUrl: string;
}): MailMessage {
  const title = `Zgłoszenie #${input.number} zostało zamknięte`;
  const about = input.subject ? ` „${input.subject}”` : '';
  const intro = `Dzień dobry, zamknęliśmy Twoje zgłoszenie #${input.number}${about}. Dziękujemy, że do nas napisałeś(-aś)! Jeśli będziesz potrzebować pomocy, napisz do nas nowe zgłoszenie.`;
  const ask =
    'Zajmie to tylko chwilę: wybierz jedną odpowiedź, a na następnej stronie możesz dodać komentarz.';
  const text = [
    intro,
    `${QUESTION}\n${ask}`,
    ...RATING_CHOICES.map((c) => `${c.label}: ${input.links[c.score]}`),
    `${footerText}\n${input.unsubscribeUrl}`,
  ].join('\n\n');
  const buttons = RATING_CHOICES.map(
    (c) =>
      `<a href="${escapeHtml(input.links[c.score])}" style="display:inline-block;margin:0 8px 8px 0;padding:12px 20px;background:#1d4ed8;color:#ffffff;border-radius:8px;text-decoration:none;font-size:16px;font-weight:600">${escapeHtml(c.label)}</a>`,
  ).join('');
  const html = `<!doctype html><html lang="pl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(title)}</title></head><body style="margin:0;padding:0;background:#ffffff;color:#111827;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif"><main style="max-width:600px;margin:0 auto;padding:24px 16px"><h1 style="font-size:22px;line-height:1.3;margin:0 0 12px">${escapeHtml(title)}</h1><p style="margin:0 0 20px;font-size:16px;line-height:1.5">${escapeHtml(intro)}</p><h2 style="font-size:18px;margin:0 0 8px">${escapeHtml(QUESTION)}</h2><p style="margin:0 0 16px;font-size:16px;line-height:1.5">${escapeHtml(ask)}</p><p style="margin:0 0 24px">${buttons}</p><hr style="border:none;border-top:1px solid #e5e7eb;margin:24px 0"><p style="margin:0;font-size:13px;line-height:1.5;color:#4b5563">${escapeHtml(footerText)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#1d4ed8">wyłącz powiadomienia</a>.</p></main></body></html>`;
  return {
    to: input.to,
    subject: title,
    text,
    html,
    headers: automaticMailHeaders(input.unsubscribeUrl),
  };
}

/**
 * Sends the closing mail if it still holds when the job runs: the ticket
 * exists and is closed, and its owner wants e-mails at an address that does
 * not bounce (the rules of every ticket mail, choose-what-to-send.ts).
 */
export async function sendClosingMail(
  deps: Pick<AppDeps, 'db' | 'mailer' | 'config'>,
  job: ClosingMailJob,
) {
  const { db, config } = deps;
  const [row] = await db
    .select({
      id: tickets.id,
      number: tickets.number,
      subject: tickets.subject,
      ownerId: tickets.ownerId,
      email: users.email,
      emailBouncingAt: users.emailBouncingAt,
    })
    .from(tickets)
    .innerJoin(users, eq(users.id, tickets.ownerId))
    .where(and(eq(tickets.id, job.ticketId), eq(tickets.status, 'closed')));
  if (!row || row.emailBouncingAt || !(await emailEnabled(db, row.ownerId))) return;
  const link = (score: 'good' | 'neutral' | 'bad') =>
    ratingPageUrl(config, { ticketId: row.id, ownerId: row.ownerId, score });
  await deps.mailer.send(
    composeClosingMail({
      to: row.email,
      number: row.number,
      subject: row.subject,
      links: { good: link('good'), neutral: link('neutral'), bad: link('bad') },
      unsubscribeUrl: unsubscribeUrl(config, row.ownerId),
    }),
  );
}
