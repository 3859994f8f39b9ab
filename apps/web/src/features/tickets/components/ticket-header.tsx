import { type ReactNode, useId, useState } from 'react';
import { useClockText } from '../lib/display-clock';
import { formatFullDateTime } from '../lib/format';
import type { TicketSummary } from '../lib/selection';
import { ticketLabel } from '../lib/ticket-label';
import { dangerButtonClass, secondaryButtonClass } from './styles';
import { StatusBadge } from './ticket-badges';

interface TicketHeaderProps {
  ticket: TicketSummary;
  isAdmin: boolean;
  isChangingStatus: boolean;
  onSetStatus: (status: TicketSummary['status']) => void;
  onDelete: () => void;
  /** Actions for every reader (read state), before the admin's. */
  readerActions?: ReactNode;
  /** Subject and, for staff, the assignment (ticket-header-extras.tsx). */
  extra?: ReactNode;
}

/** Number, status, owner (for admins) and the admin actions of the open ticket. */
export function TicketHeader({
  ticket,
  isAdmin,
  isChangingStatus,
  onSetStatus,
  onDelete,
  readerActions,
  extra,
}: TicketHeaderProps) {
  // On a phone the actions wait behind „Więcej”, so the thread and the input keep the
  // screen (issue 31); a wide screen shows them in the header.
  const [isMoreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  const created = useClockText((clock) =>
    formatFullDateTime(ticket.created_at ?? '', clock.timeZone),
  );
  const shownOnPhone = isMoreOpen ? 'flex' : 'hidden';
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-200 px-3 py-2 lg:gap-3 lg:px-4 lg:py-3 dark:border-white/10">
      <div className="min-w-0 flex-1 lg:flex-none">
        <h2 className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
          {ticketLabel(ticket)}
          <StatusBadge status={ticket.status} />
        </h2>
        <p className="text-xs text-slate-600 dark:text-slate-300">
          {isAdmin && ticket.username && (
            <>
              Autor:{' '}
              <span className="font-medium text-slate-800 dark:text-slate-100">
                {ticket.username}
              </span>
              {' · '}
            </>
          )}
          {created && <>Utworzone {created}</>}
        </p>
        {/* Staff's subject and assignment are actions too; a customer's stay in sight. */}
        {isAdmin ? <div className={`${shownOnPhone} lg:block`}>{extra}</div> : extra}
      </div>
      {(isAdmin || readerActions) && (
        <button
          type="button"
          aria-expanded={isMoreOpen}
          aria-controls={moreId}
          onClick={() => setMoreOpen((open) => !open)}
          className={`${secondaryButtonClass} min-h-9 px-3 py-1 lg:hidden`}
        >
          Więcej
        </button>
      )}
      <div
        id={moreId}
        className={`${shownOnPhone} w-full flex-wrap items-center gap-2 lg:flex lg:w-auto lg:gap-3`}
      >
        {readerActions}
        {isAdmin && (
          <div className="flex flex-wrap gap-2">
            {ticket.status === 'open' ? (
              <button
                type="button"
                onClick={() => onSetStatus('closed')}
                disabled={isChangingStatus}
                className={`${secondaryButtonClass} min-h-10`}
              >
                Zamknij
              </button>
            ) : (
              <button
                type="button"
                onClick={() => onSetStatus('open')}
                disabled={isChangingStatus}
                className={`${secondaryButtonClass} min-h-10`}
              >
                Otwórz
              </button>
            )}
            <button
              type="button"
              onClick={onDelete}
              aria-label={`Usuń ${ticketLabel(ticket).toLowerCase()}`}
              className={`${dangerButtonClass} min-h-10`}
            >
              Usuń
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
