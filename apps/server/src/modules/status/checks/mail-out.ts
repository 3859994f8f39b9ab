import { countOf } from '@studio/shared/plural';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows-of';
import { jobs } from '../../../db/schema/index';
import { ageInWords, when } from '../format';
import type { StatusCheckFn } from '../status-check';
import { type MailOutState, readState, STATE_KEYS } from '../system-state';

/** How late the oldest waiting mail may be, past its planned delay (DESIGN.md §7.12). */
export const OUTBOX_WARN_MS = 5 * 60_000;
export const OUTBOX_FAIL_MS = 30 * 60_000;

/**
 * `mail_out`: the last mail that went out and the last that failed (any
 * instance, mail-outcomes.ts), and the outbox: how many mails wait and how
 * late the oldest is. Red when the last attempt failed or a mail is half an
 * hour late; a ticket mail waits NOTIFY_DELAY_SECONDS on purpose, so only the
 * time past that counts.
 */
export const mailOutCheck: StatusCheckFn = async (app) => {
  const { config, db, clock } = app.deps;
  const now = clock.now();
  const state = (await readState<MailOutState>(db, STATE_KEYS.mailOut)) ?? {};
  const [outbox] = await rowsOf<{ waiting: string | number; oldest: string | Date | null }>(
    db,
    // Push jobs are the `push` line's (checks/push.ts), not mail.
    sql`select count(*) as waiting, min(${jobs.createdAt}) as oldest from ${jobs} where ${jobs.kind} <> 'push'`,
  );
  const waiting = Number(outbox?.waiting ?? 0);
  const oldest = outbox?.oldest ? new Date(outbox.oldest) : null;
  const lateMs = oldest ? now.getTime() - oldest.getTime() - config.notifyDelayMs : 0;

  const success = state.last_success_at ? new Date(state.last_success_at) : null;
  const failure = state.last_error_at ? new Date(state.last_error_at) : null;
  const lastFailed = state.last_ok === false;

  const via = config.smtpUrl
    ? `serwer SMTP ${new URL(config.smtpUrl).host}`
    : 'folder deweloperski /dev/outbox (bez SMTP_URL poczta nie wychodzi do odbiorców)';
  const parts = [
    `Poczta wychodzi przez ${via}.`,
    success ? `Ostatnia wysłana: ${when(success)}.` : 'Nie wysłano jeszcze żadnej wiadomości.',
    failure ? `Ostatni błąd: ${when(failure)} — ${state.last_error ?? 'bez opisu'}.` : '',
    waiting
      ? `W kolejce: ${countOf(waiting, { one: 'wiadomość', few: 'wiadomości', many: 'wiadomości' })}, najstarsza czeka ${ageInWords(now.getTime() - (oldest ?? now).getTime())}.`
      : 'Kolejka jest pusta.',
  ].filter(Boolean);
  const facts = parts.join(' ');

  if (lastFailed) {
    return {
      id: 'mail_out',
      state: 'fail',
      detail: `${facts} Ostatnia próba wysyłki nie powiodła się: sprawdź SMTP_URL (adres, port, użytkownik, hasło) i czy serwer poczty działa, potem wyślij e-mail próbny.`,
    };
  }
  if (lateMs > OUTBOX_FAIL_MS) {
    return {
      id: 'mail_out',
      state: 'fail',
      detail: `${facts} Wiadomości utknęły w kolejce: sprawdź dziennik serwera (wpisy „job failed”) i połączenie z serwerem poczty.`,
    };
  }
  if (lateMs > OUTBOX_WARN_MS) {
    return {
      id: 'mail_out',
      state: 'warn',
      detail: `${facts} Wysyłka się opóźnia: jeśli kolejka nie zmaleje w ciągu kilkunastu minut, sprawdź serwer poczty.`,
    };
  }
  if (!config.smtpUrl) {
    return {
      id: 'mail_out',
      state: 'warn',
      detail: `${facts} Ustaw SMTP_URL, aby wiadomości docierały do klientów.`,
    };
  }
  return { id: 'mail_out', state: 'ok', detail: facts };
};
