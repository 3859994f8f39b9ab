import type { FirstRunStepId } from '@studio/shared/first-run';
import type { StatusCheckId, StatusCheckState } from '@studio/shared/status';

/** Polish text of „Stan systemu” and „Pierwsze kroki”, shared by the page and the workspace. */

export const CHECK_NAMES: Record<StatusCheckId, string> = {
  database: 'Baza danych',
  storage: 'Pliki i dysk',
  mail_out: 'Poczta wychodząca',
  mail_in: 'Poczta przychodząca',
  push: 'Powiadomienia push',
  backup: 'Kopia zapasowa',
};

/** Said in words as well as in colour, so the state does not depend on seeing colours. */
export const STATE_LABELS: Record<StatusCheckState, string> = {
  ok: 'Działa',
  warn: 'Uwaga',
  fail: 'Awaria',
};

export const STATE_CLASSES: Record<StatusCheckState, string> = {
  ok: 'bg-emerald-100 text-emerald-900 ring-emerald-700/30 dark:bg-emerald-500/15 dark:text-emerald-200',
  warn: 'bg-amber-100 text-amber-900 ring-amber-700/30 dark:bg-amber-500/15 dark:text-amber-200',
  fail: 'bg-red-100 text-red-900 ring-red-700/30 dark:bg-red-500/15 dark:text-red-200',
};

export const STEP_TEXTS: Record<FirstRunStepId, { title: string; todo: string }> = {
  studio_details: {
    title: 'Dane studia',
    todo: 'Ustaw zmienne STUDIO_NAME, STUDIO_ADDRESS, STUDIO_NIP, STUDIO_REGON, STUDIO_EMAIL i STUDIO_PHONE, a potem uruchom serwer ponownie. Do tego czasu strona pokazuje „[uzupełnij …]”.',
  },
  mail_out_tested: {
    title: 'Poczta wychodząca sprawdzona',
    todo: 'Wyślij e-mail próbny na swój adres i sprawdź, czy dotarł.',
  },
  mailbox_connected: {
    title: 'Skrzynka podłączona',
    todo: 'Ustaw IMAP_URL i MAIL_REPLY_TO (docs/email.md), aby odpowiedzi klientów e-mailem trafiały do zgłoszeń, i uruchom serwer ponownie.',
  },
  backup_made: {
    title: 'Kopia zapasowa wykonana',
    todo: 'Ustaw BACKUP_DIR i BACKUP_HOUR albo wykonaj `npm run backup` — krok zaliczy sprawdzona kopia widoczna w „Stanie systemu”.',
  },
};
