import type { StatusCheck } from '@studio/shared/status';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { jobs, systemState, users } from '../../db/schema/index';
import type { AppDeps } from '../../deps';
import { escapeHtml } from '../../lib/escape-html';
import type { MailMessage } from '../../mail/transport';
import { readStatus } from './read-status';
import { STATE_KEYS } from './system-state';

export const RED_LINES_JOB = 'status-red-lines';
/** The same red lines are mailed again after this, for as long as they stay red. */
export const RED_LINES_REPEAT_MS = 24 * 60 * 60 * 1000;
/** How often each instance looks; the database row decides who mails (mailRedLines). */
const LOOK_EVERY_MS = 15 * 60_000;

export interface RedLinesMailJob {
  to: string;
  lines: Array<Pick<StatusCheck, 'id' | 'detail'>>;
}

const LINE_NAMES: Record<StatusCheck['id'], string> = {
  database: 'Baza danych',
  storage: 'Pliki i dysk',
  mail_out: 'Poczta wychodząca',
  mail_in: 'Poczta przychodząca',
  push: 'Powiadomienia push',
  backup: 'Kopia zapasowa',
};

/** The Polish mail to one admin: each red line with what to do, and the page to look at. */
export function composeRedLinesMail(job: RedLinesMailJob, publicUrl: string): MailMessage {
  const link = `${publicUrl}/contact/status`;
  const subject =
    job.lines.length === 1
      ? `Kontakt: czerwona linia w „Stanie systemu” (${LINE_NAMES[job.lines[0]?.id ?? 'database']})`
      : `Kontakt: ${job.lines.length} czerwone linie w „Stanie systemu”`;
  const intro =
    'Coś w Kontakcie wymaga naprawy. Ta wiadomość przychodzi raz na dobę, dopóki problem trwa.';
  const text = [
    intro,
    ...job.lines.map((line) => `• ${LINE_NAMES[line.id]}: ${line.detail}`),
    `Stan systemu: ${link}`,
  ].join('\n\n');
  const items = job.lines
    .map(
      (line) =>
        `<li style="margin:0 0 12px"><strong>${escapeHtml(LINE_NAMES[line.id])}</strong>: ${escapeHtml(line.detail)}</li>`,
    )
    .join('');
  const html = `<!doctype html><html lang="pl"><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px"><h1 style="font-size:20px">${escapeHtml(subject)}</h1><p>${escapeHtml(intro)}</p><ul style="padding-left:20px">${items}</ul><p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#2563eb;color:#fff;border-radius:8px;text-decoration:none">Otwórz „Stan systemu”</a></p></body></html>`;
  return { to: job.to, subject, text, html };
}

export function sendRedLinesMail(deps: Pick<AppDeps, 'mailer' | 'config'>, payload: unknown) {
  return deps.mailer.send(composeRedLinesMail(payload as RedLinesMailJob, deps.config.publicUrl));
}

/**
 * Mails each admin the red lines, when there are any and this set of them was
 * not mailed in the last 24 hours (another set — a line more or a line fewer —
 * is mailed at once). Claiming the set and queueing the mails are one
 * transaction, so with several instances looking only one mails. Answers how
 * many mails were queued.
 */
export async function mailRedLines(app: FastifyInstance): Promise<number> {
  const { db, clock } = app.deps;
  const red = (await readStatus(app)).checks.filter((c) => c.state === 'fail');
  if (!red.length) return 0;
  const set = red
    .map((c) => c.id)
    .sort()
    .join(',');
  const now = clock.now();
  const repeatAfter = new Date(now.getTime() - RED_LINES_REPEAT_MS).toISOString();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(systemState)
      .values({ key: STATE_KEYS.redLines, value: { set }, updatedAt: now })
      .onConflictDoUpdate({
        target: systemState.key,
        set: { value: { set }, updatedAt: now },
        setWhere: sql`${systemState.value}->>'set' <> ${set} or ${systemState.updatedAt} <= ${repeatAfter}::timestamptz`,
      })
      .returning({ key: systemState.key });
    if (!claimed.length) return 0;
    const admins = await tx
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(and(eq(users.isAdmin, true), isNull(users.emailBouncingAt)));
    if (!admins.length) return 0;
    const lines = red.map(({ id, detail }) => ({ id, detail }));
    await tx.insert(jobs).values(
      admins.map((admin) => ({
        kind: RED_LINES_JOB,
        dedupeKey: `${RED_LINES_JOB}:${admin.id}:${now.toISOString()}`,
        payload: { to: admin.email, lines } satisfies RedLinesMailJob,
        runAt: now,
        createdAt: now,
      })),
    );
    return admins.length;
  });
}

/** Looks for red lines every 15 minutes (the first time a minute after start). */
export function startRedLinesSchedule(app: FastifyInstance) {
  const look = () => {
    mailRedLines(app)
      .then(() => app.jobs.runDue())
      .catch((error: unknown) => app.log.error({ err: error }, 'red-line mail run failed'));
  };
  const first = setTimeout(look, 60_000);
  const repeat = setInterval(look, LOOK_EVERY_MS);
  first.unref();
  repeat.unref();
  return () => {
    clearTimeout(first);
    clearInterval(repeat);
  };
}
