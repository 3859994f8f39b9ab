import { useClockText } from '../lib/display-clock';
import { dueState } from '../lib/due-time';
import type { TicketSummary } from '../lib/selection';

/** „Po terminie” (red) or „Zostało 25 min” beside a ticket awaiting staff (DESIGN.md §7.9). */
export function DueLabel({ ticket, now }: { ticket: TicketSummary; now?: number }) {
  // As text, so the server's moment is used while hydrating (display-clock.ts): '' none, '!' overdue.
  const due = useClockText((clock) => {
    const state = ticket.status === 'open' ? dueState(ticket, now ?? clock.now) : null;
    return state ? `${state.overdue ? '!' : ' '}${state.label}` : '';
  });
  if (!due) return null;
  const state = { overdue: due.startsWith('!'), label: due.slice(1) };
  return (
    <span
      data-testid="due-label"
      className={`rounded-full px-2 py-0.5 font-semibold ${
        state.overdue
          ? 'bg-red-700 text-white dark:bg-red-600 dark:text-white'
          : 'bg-sky-100 text-sky-900 dark:bg-sky-400/15 dark:text-sky-100'
      }`}
    >
      {state.overdue ? null : <span className="sr-only">Termin odpowiedzi: </span>}
      {state.label}
    </span>
  );
}
