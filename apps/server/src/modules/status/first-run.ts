import type { FirstRunAnswer, FirstRunStep } from '@studio/shared/first-run';
import type { StatusAnswer } from '@studio/shared/status';
import { STUDIO_FIELDS, STUDIO_PLACEHOLDERS } from '@studio/shared/studio-details';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/index';
import { readStatus } from './read-status';
import { readState, STATE_KEYS, type TestMailState } from './system-state';

const okLine = (status: StatusAnswer, id: 'mail_in' | 'backup') =>
  status.checks.some((c) => c.id === id && c.state === 'ok');

/**
 * `GET /api/admin/first-run` („Pierwsze kroki”): what is done of what a new
 * installation needs. Development fills unset details with placeholders,
 * which do not count. A backup counts once the `backup` line is green; with
 * PostgreSQL backups are the database's own job (docs/operations.md §7), so
 * the step is done there from the start. Without a `backup` line (none
 * built yet) it is not done.
 */
export async function firstRun(app: FastifyInstance): Promise<FirstRunAnswer> {
  const { config, db } = app.deps;
  const status = await readStatus(app);
  const steps: FirstRunStep[] = [
    {
      id: 'studio_details',
      done: STUDIO_FIELDS.every((field) => config.studio[field] !== STUDIO_PLACEHOLDERS[field]),
    },
    {
      id: 'mail_out_tested',
      done: (await readState<TestMailState>(db, STATE_KEYS.testMail)) !== null,
    },
    { id: 'mailbox_connected', done: Boolean(config.imapUrl) && okLine(status, 'mail_in') },
    { id: 'backup_made', done: Boolean(config.databaseUrl) || okLine(status, 'backup') },
  ];
  return { steps, done: steps.every((s) => s.done) };
}

/**
 * The one line `npm start` prints while no account is an admin: without one
 * nobody can see tickets, „Stan systemu” or this checklist.
 */
export async function firstAdminHint(db: Db, adminEmails: string[]): Promise<string | null> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.isAdmin, true));
  if (Number(row?.n ?? 0) > 0) return null;
  // Registering with a listed address makes an admin at once (registration.ts).
  if (adminEmails.length) {
    return `Nie ma jeszcze administratora: zarejestruj na stronie konto z adresem z ADMIN_EMAILS (${adminEmails.join(', ')}), a od razu nim zostanie.`;
  }
  return 'Nie ma jeszcze administratora: zarejestruj konto na stronie, potem dopisz jego e-mail do ADMIN_EMAILS i uruchom serwer ponownie, albo zatrzymaj serwer i wykonaj `npm run admin -- grant <nazwa-lub-e-mail>`.';
}
