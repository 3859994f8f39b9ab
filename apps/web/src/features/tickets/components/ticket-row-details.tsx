import { useClockText } from '../lib/display-clock';
import type { TicketSummary } from '../lib/selection';
import { waitingLabel } from '../lib/staff-time';

/** „#1042”: the studio-wide number staff use; nothing for a ticket without one. */
export function TicketNumber({ ticket }: { ticket: TicketSummary }) {
  if (!ticket.number) return null;
  return (
    <span className="shrink-0 rounded-md bg-slate-200 px-1.5 py-0.5 font-mono text-xs font-semibold text-slate-800 dark:bg-white/15 dark:text-slate-100">
      #{ticket.number}
    </span>
  );
}

/** Who is to answer and for how long („czeka 3 h”); staff's turn stands out. */
export function WaitingLabel({ ticket, now }: { ticket: TicketSummary; now?: number }) {
  const label = useClockText((clock) => waitingLabel(ticket.awaiting_since, now ?? clock.now));
  if (ticket.status !== 'open' || !ticket.awaiting || !label) return null;
  const isStaffTurn = ticket.awaiting === 'staff';
  return (
    <span
      data-testid="waiting-label"
      className={`rounded-full px-2 py-0.5 font-semibold ${
        isStaffTurn
          ? 'bg-amber-100 text-amber-900 dark:bg-amber-400/15 dark:text-amber-100'
          : 'bg-slate-200 text-slate-700 dark:bg-white/10 dark:text-slate-200'
      }`}
    >
      <span className="sr-only">{isStaffTurn ? 'Klient ' : 'Odpowiedź klienta '}</span>
      {label}
    </span>
  );
}

/** The assignee, or that there is none, as a list row and the header say it. */
export function AssigneeLabel({ ticket }: { ticket: TicketSummary }) {
  return (
    <span className="text-slate-700 dark:text-slate-200">
      <span className="sr-only">Przypisane: </span>
      <span aria-hidden="true">→ </span>
      {ticket.assignee ? ticket.assignee.username : 'Nieprzypisane'}
    </span>
  );
}
