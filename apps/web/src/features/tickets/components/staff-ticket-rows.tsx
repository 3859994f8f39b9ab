import { memo } from 'react';
import { ariaSortOf, type ListSort, type SortColumn } from '../lib/list-sort';
import type { TicketSummary } from '../lib/selection';
import { DueLabel } from './due-label';
import { LocalTime } from './local-time';
import { TicketPresence } from './presence-avatars';
import { SearchExcerpt } from './search-excerpt';
import { StatusBadge, UnreadBadge } from './ticket-badges';
import { AssigneeLabel, WaitingLabel } from './ticket-row-details';

/*
 * Staff's dense list (issue 31): a row of one line when the list is wide, two when it
 * is narrow (number, subject and last activity; then customer, turn, assignee, due).
 * The list's width is a container query, so a resized list switches by itself.
 * Header and rows share one grid: the wide row places every cell in its column.
 */
const WIDE_GRID =
  '@min-[50rem]:grid-cols-[4.5rem_9rem_minmax(0,1fr)_7.5rem_8rem_7rem_5.5rem] @min-[50rem]:gap-x-3';
const ROW_GRID = `grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2 ${WIDE_GRID}`;

const COLUMNS: { key: string; label: string; sortBy?: SortColumn; wideOnly: boolean }[] = [
  { key: 'number', label: 'Numer', sortBy: 'number', wideOnly: false },
  { key: 'customer', label: 'Klient', wideOnly: true },
  { key: 'subject', label: 'Temat', wideOnly: true },
  { key: 'waiting', label: 'Czeka', wideOnly: true },
  { key: 'assignee', label: 'Przypisane', wideOnly: true },
  { key: 'due', label: 'Termin', sortBy: 'due', wideOnly: false },
  { key: 'activity', label: 'Ostatnia aktywność', sortBy: 'activity', wideOnly: false },
];

/**
 * The column headers; those that sort are buttons with `aria-sort` on their header.
 * A table of the header row only: the rows below stay a list of buttons (one each, as
 * keyboard users and the shortcuts know them), which a table's cells cannot hold.
 * Its parts are blocks and a grid, so the header lines up with the rows' grid.
 */
export function StaffListColumns({
  sort,
  onSortChange,
}: {
  sort: ListSort | null;
  onSortChange: (column: SortColumn) => void;
}) {
  return (
    <table aria-label="Kolumny listy zgłoszeń" className="@container block w-full">
      <thead className="block">
        <tr
          className={`flex flex-wrap items-center gap-x-1 border-b border-slate-300 px-2 pb-1 text-xs font-semibold text-slate-700 @min-[50rem]:grid dark:border-white/15 dark:text-slate-200 ${WIDE_GRID}`}
        >
          {COLUMNS.map((column) => {
            const ariaSort = column.sortBy ? ariaSortOf(sort, column.sortBy) : undefined;
            return (
              <th
                key={column.key}
                scope="col"
                aria-sort={ariaSort}
                className={`text-left font-semibold ${column.wideOnly ? 'hidden @min-[50rem]:block' : 'block'}`}
              >
                {column.sortBy ? (
                  <button
                    type="button"
                    data-testid={`sort-${column.sortBy}`}
                    onClick={() => column.sortBy && onSortChange(column.sortBy)}
                    className="cursor-target inline-flex min-h-7 items-center gap-1 rounded px-1 hover:bg-slate-900/5 dark:hover:bg-white/10"
                  >
                    {column.label}
                    <span aria-hidden="true" className="w-3 text-center">
                      {ariaSort === 'ascending' ? '↑' : ariaSort === 'descending' ? '↓' : ''}
                    </span>
                  </button>
                ) : (
                  <span className="px-1">{column.label}</span>
                )}
              </th>
            );
          })}
        </tr>
      </thead>
    </table>
  );
}

/** The customer as staff know them: an inquiry's sender by name, else the account. */
function customerOf(ticket: TicketSummary): string {
  return ticket.contact_name || ticket.username;
}

/**
 * One ticket of staff's dense list (the button `data-testid="ticket-item"`).
 * Memoised: opening a ticket re-renders the screen, and only the two rows
 * whose selection changed need to follow (issue 34: all 50 rows with their
 * dates and labels were a good part of a ticket switch). `onSelect` must stay
 * the same function from render to render, as TicketList's does.
 */
export const StaffTicketRow = memo(function StaffTicketRow({
  ticket,
  isSelected,
  onSelect,
}: {
  ticket: TicketSummary;
  isSelected: boolean;
  onSelect: (id: number, messageId?: number) => void;
}) {
  const isUnread = !isSelected && ticket.unread_count > 0;
  return (
    <button
      type="button"
      data-testid="ticket-item"
      data-ticket-id={ticket.id}
      aria-current={isSelected ? 'true' : undefined}
      onClick={() => onSelect(ticket.id, ticket.match?.message_id)}
      className={`cursor-target w-full border-b px-2 py-1 text-left text-sm leading-5 transition ${ROW_GRID} ${
        isSelected
          ? 'border-blue-500 bg-blue-50 ring-1 ring-blue-500 ring-inset dark:border-blue-400 dark:bg-blue-400/15 dark:ring-blue-400'
          : 'border-slate-200 hover:bg-white dark:border-white/10 dark:hover:bg-white/10'
      }`}
    >
      <span className="font-mono text-xs font-semibold text-slate-700 @min-[50rem]:col-start-1 dark:text-slate-200">
        {ticket.number ? `#${ticket.number}` : ''}
      </span>
      <span className="col-start-2 flex min-w-0 items-center gap-1.5 @min-[50rem]:col-start-3 @min-[50rem]:row-start-1">
        <span
          className={`truncate ${isUnread ? 'font-bold' : 'font-medium'} text-slate-900 dark:text-white`}
        >
          {ticket.subject || ticket.last_message_preview || '—'}
        </span>
        <UnreadBadge count={isSelected ? 0 : ticket.unread_count} />
        <TicketPresence ticketId={ticket.id} />
      </span>
      <span className="col-start-3 text-right text-xs whitespace-nowrap text-slate-600 @min-[50rem]:col-start-7 @min-[50rem]:row-start-1 dark:text-slate-300">
        {ticket.last_activity_at && <LocalTime iso={ticket.last_activity_at} />}
      </span>
      <span className="col-span-3 row-start-2 flex min-w-0 items-center gap-x-2 text-xs leading-4 text-slate-600 @min-[50rem]:contents dark:text-slate-300">
        <span className="min-w-0 truncate font-medium text-slate-800 @min-[50rem]:col-start-2 @min-[50rem]:row-start-1 @min-[50rem]:text-sm dark:text-slate-100">
          <span className="sr-only">Autor: </span>
          {customerOf(ticket)}
        </span>
        <span className="shrink-0 @min-[50rem]:col-start-4 @min-[50rem]:row-start-1 @min-[50rem]:text-xs">
          {ticket.status === 'closed' ? (
            <StatusBadge status="closed" />
          ) : (
            <WaitingLabel ticket={ticket} />
          )}
        </span>
        <span className="min-w-0 truncate @min-[50rem]:col-start-5 @min-[50rem]:row-start-1 @min-[50rem]:text-xs">
          <AssigneeLabel ticket={ticket} />
        </span>
        <span className="shrink-0 @min-[50rem]:col-start-6 @min-[50rem]:row-start-1 @min-[50rem]:text-xs">
          <DueLabel ticket={ticket} />
        </span>
      </span>
      {ticket.match && (
        // Where the search found its words says more than the subject alone.
        <span className="col-span-3 @min-[50rem]:col-span-7">
          <SearchExcerpt match={ticket.match} />
        </span>
      )}
    </button>
  );
});
