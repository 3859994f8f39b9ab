import type { ReactNode } from 'react';
import { CLOSED_TICKET_MESSAGE } from '~/lib/error-messages';
import { NEW_TICKET_LABEL } from '../lib/messages';
import { LockIcon } from './icons';
import { panelClass } from './styles';

/**
 * The conversation side of the screen: a thread (or a prompt) above the input. In
 * staff's workspace (`fill`) it takes the height left under the bar, on a phone too, so
 * the input and „Wyślij” are on screen (issue 31).
 */
export function ThreadPanel({
  label,
  children,
  fill = false,
  className = 'flex',
}: {
  label: string;
  children: ReactNode;
  fill?: boolean;
  /** Its display: staff's phone layout hides it while another pane is shown. */
  className?: string;
}) {
  return (
    <section
      aria-label={label}
      data-testid="ticket-thread"
      className={`${panelClass} ${className} flex-col overflow-hidden ${
        fill
          ? 'min-h-0 min-w-0 flex-1'
          : // Below lg the customer's page keeps its heading and the list toggle above the
            // thread (about 16rem with the site header), so the composer and „Wyślij” end on
            // the first screen of a phone (issue 31).
            'h-[calc(100dvh-16rem)] min-h-[26rem] lg:h-auto lg:min-h-0'
      }`}
    >
      {children}
    </section>
  );
}

export function DraftIntro() {
  return (
    <div className="border-b border-slate-200 px-4 py-3 dark:border-white/10">
      <h2 className="text-lg font-semibold text-slate-900 dark:text-white">{NEW_TICKET_LABEL}</h2>
      <p className="text-xs text-slate-600 dark:text-slate-300">
        Opisz sprawę i dołącz zrzuty ekranu lub pliki — pierwsza wiadomość utworzy zgłoszenie.
      </p>
    </div>
  );
}

export function NoTicketChosen({
  isLoading,
  isStaff = false,
}: {
  isLoading: boolean;
  isStaff?: boolean;
}) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-slate-700 dark:text-slate-300">
        {isLoading
          ? 'Wczytywanie…'
          : isStaff
            ? 'Wybierz zgłoszenie z listy, aby je otworzyć.'
            : 'Wybierz zgłoszenie z listy albo utwórz nowe, aby napisać do nas.'}
      </p>
    </div>
  );
}

/** An administrator may still write in a closed ticket; this says so above the input. */
export function AdminClosedTicketNotice() {
  return (
    <p
      role="status"
      className="border-t border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:border-amber-300/30 dark:bg-amber-400/10 dark:text-amber-100"
    >
      Zgłoszenie jest zamknięte. Jako administrator nadal możesz w nim pisać.
    </p>
  );
}

/** In place of the input when the ticket is closed for its owner. */
export function ClosedTicketNotice() {
  return (
    <p
      role="status"
      data-testid="closed-notice"
      className="flex items-center justify-center gap-2 border-t border-slate-200 bg-slate-100/80 px-4 py-4 text-center text-sm font-medium text-slate-800 dark:border-white/10 dark:bg-white/5 dark:text-slate-100"
    >
      <LockIcon className="size-4 shrink-0" />
      {CLOSED_TICKET_MESSAGE}
    </p>
  );
}
