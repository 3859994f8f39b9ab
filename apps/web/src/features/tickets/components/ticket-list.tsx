import { type ReactNode, useCallback, useLayoutEffect, useRef } from 'react';
import { countOf } from '~/lib/plural';
import type { TicketFilter } from '../api/get-tickets';
import { useStaffParts } from '../hooks/use-staff-parts';
import type { ListSort, SortColumn } from '../lib/list-sort';
import { LIST_LOAD_ERROR, NEW_TICKET_LABEL, NO_TICKETS_MESSAGE } from '../lib/messages';
import { DRAFT_TICKET_ID, type SelectedId, type TicketSummary } from '../lib/selection';
import { ticketLabel } from '../lib/ticket-label';
import { PlusIcon } from './icons';
import { LoadError } from './load-error';
import { LocalTime } from './local-time';
import { NoSearchResults } from './no-search-results';
import { SearchExcerpt } from './search-excerpt';
import { primaryButtonClass, secondaryButtonClass } from './styles';
import { StatusBadge, UnreadBadge } from './ticket-badges';

const FILTER_LABELS: Record<TicketFilter, string> = {
  all: 'Wszystkie',
  open: 'Otwarte',
  closed: 'Zamknięte',
};

/** SPEC.md §8 gives the text for an empty list; the filtered lists say what is missing. */
function emptyListText(filter: TicketFilter): string {
  if (filter === 'closed') return 'Brak zamkniętych zgłoszeń.';
  return NO_TICKETS_MESSAGE;
}

const TICKET_FORMS = { one: 'zgłoszenie', few: 'zgłoszenia', many: 'zgłoszeń' };

function searchResultsText(count: number, hasMore: boolean): string {
  if (count === 0) return 'Brak wyników wyszukiwania.';
  return `Wyniki wyszukiwania: ${countOf(count, TICKET_FORMS)}${hasMore ? ', są kolejne' : ''}.`;
}

export interface TicketListProps {
  id: string;
  filter: TicketFilter;
  onFilterChange: (filter: TicketFilter) => void;
  tickets: readonly TicketSummary[];
  selectedId: SelectedId;
  isAdmin: boolean;
  isLoading: boolean;
  isError: boolean;
  hasMore: boolean;
  isLoadingMore: boolean;
  onRetry: () => void;
  onLoadMore: () => void;
  /** `messageId`: the search hit to jump to (DESIGN.md §7.8), when the result has one. */
  onSelect: (id: number, messageId?: number) => void;
  onNewTicket: () => void;
  /** Hidden on narrow screens until opened (SPEC.md §2 "collapsible on mobile"). */
  isOpenOnMobile: boolean;
  /** Staff's search and views (DESIGN.md §7.2), in place of the status filter. */
  toolbar?: ReactNode;
  /** The customer's search field, under the title and the filter. */
  searchField?: ReactNode;
  /** The search the list answers (DESIGN.md §7.8); empty without one. */
  search?: string;
  /** True while the results of the search before stand in for the new one's. */
  isSearchPending?: boolean;
  onClearSearch?: () => void;
  /** What a failed load says (a search limited per minute says so). */
  loadErrorMessage?: string;
  /** Staff's sorted column (issue 31) and a click on a column header. */
  sort?: ListSort | null;
  onSortChange?: (column: SortColumn) => void;
  /**
   * Shown under the loaded list (staff's „Pierwsze kroki” on a phone): below the
   * rows, so its late arrival moves nothing already on screen.
   */
  footer?: ReactNode;
}

/** „Nowe zgłoszenie”: the whole width in the customer's list, a small button in staff's toolbar. */
export function NewTicketButton({
  onClick,
  compact = false,
}: {
  onClick: () => void;
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className={`${primaryButtonClass} ${compact ? 'min-h-9 shrink-0 px-3 whitespace-nowrap' : 'w-full'}`}
    >
      <PlusIcon />
      {NEW_TICKET_LABEL}
    </button>
  );
}

export function TicketList({
  id,
  filter,
  onFilterChange,
  tickets,
  selectedId,
  isAdmin,
  isLoading,
  isError,
  hasMore,
  isLoadingMore,
  onRetry,
  onLoadMore,
  onSelect,
  onNewTicket,
  isOpenOnMobile,
  toolbar,
  searchField,
  search = '',
  isSearchPending = false,
  onClearSearch = () => undefined,
  loadErrorMessage = LIST_LOAD_ERROR,
  sort = null,
  onSortChange = () => undefined,
  footer,
}: TicketListProps) {
  const parts = useStaffParts(isAdmin);
  // One function for every render, so staff's memoised rows are not all re-rendered
  // when the screen is (it calls the screen's newest `onSelect`).
  const latestOnSelect = useRef(onSelect);
  useLayoutEffect(() => {
    latestOnSelect.current = onSelect;
  });
  const selectRow = useCallback(
    (ticketId: number, messageId?: number) => latestOnSelect.current(ticketId, messageId),
    [],
  );
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`${isOpenOnMobile ? 'flex' : 'hidden'} min-h-0 flex-col lg:flex ${isAdmin ? 'gap-2' : 'gap-3'}`}
    >
      <div className={isAdmin ? 'sr-only' : 'flex items-center justify-between gap-2'}>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 dark:text-white">
          {isAdmin ? 'Wszystkie zgłoszenia' : 'Twoje zgłoszenia'}
        </h2>
        {toolbar ? null : (
          <label className="flex items-center gap-2 text-sm text-slate-700 dark:text-slate-200">
            <span className="sr-only">Pokaż zgłoszenia</span>
            <select
              value={filter}
              onChange={(event) => onFilterChange(event.target.value as TicketFilter)}
              className="cursor-target min-h-9 rounded-lg border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 dark:border-white/25 dark:bg-slate-950/70 dark:text-white"
            >
              {(Object.keys(FILTER_LABELS) as TicketFilter[]).map((value) => (
                <option key={value} value={value}>
                  {FILTER_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {searchField}
      {toolbar}
      {/* Staff's toolbar holds a small one beside the search. */}
      {!isAdmin && <NewTicketButton onClick={onNewTicket} />}
      {/* There while the list loads too: appearing with the rows, it pushed them down. */}
      {parts && !isError && <parts.StaffListColumns sort={sort} onSortChange={onSortChange} />}

      {/* Always there, so a screen reader hears each search's answer as it comes. */}
      <p aria-live="polite" className="sr-only">
        {search && !isLoading && !isError && !isSearchPending
          ? searchResultsText(tickets.length, hasMore)
          : ''}
      </p>
      <div
        className={`-mx-1 min-h-0 flex-1 overflow-y-auto px-1 pb-1 ${isAdmin ? '@container' : ''}`}
      >
        {isLoading ? (
          <p role="status" className="px-1 py-4 text-sm text-slate-600 dark:text-slate-300">
            Wczytywanie zgłoszeń…
          </p>
        ) : isError ? (
          <LoadError
            message={loadErrorMessage}
            onRetry={onRetry}
            className="rounded-xl border border-red-300 bg-red-50 p-3 dark:border-red-400/40 dark:bg-red-500/10"
          />
        ) : (
          <ul
            aria-busy={isSearchPending || undefined}
            className={`flex flex-col transition-opacity ${isAdmin ? '' : 'gap-2'} ${isSearchPending ? 'opacity-60' : ''}`}
          >
            {selectedId === DRAFT_TICKET_ID && (
              <li>
                <div
                  aria-current="true"
                  className="rounded-xl border-2 border-dashed border-blue-500 bg-blue-50/80 px-3 py-2.5 text-sm font-semibold text-blue-800 dark:bg-blue-400/10 dark:text-blue-200"
                >
                  {NEW_TICKET_LABEL} (szkic)
                </div>
              </li>
            )}
            {tickets.length === 0 &&
              (search && isSearchPending ? (
                // The empty answer of the search before is not this search's answer.
                <li role="status" className="px-1 py-4 text-sm text-slate-600 dark:text-slate-300">
                  Wczytywanie zgłoszeń…
                </li>
              ) : search ? (
                <li>
                  <NoSearchResults query={search} onClear={onClearSearch} />
                </li>
              ) : (
                selectedId !== DRAFT_TICKET_ID && (
                  <li className="px-1 py-4 text-sm text-slate-600 dark:text-slate-300">
                    {emptyListText(filter)}
                  </li>
                )
              ))}
            {tickets.map((ticket) => {
              const isSelected = ticket.id === selectedId;
              if (parts) {
                return (
                  <li key={ticket.id}>
                    <parts.StaffTicketRow
                      ticket={ticket}
                      isSelected={isSelected}
                      onSelect={selectRow}
                    />
                  </li>
                );
              }
              return (
                <li key={ticket.id}>
                  <button
                    type="button"
                    data-testid="ticket-item"
                    data-ticket-id={ticket.id}
                    aria-current={isSelected ? 'true' : undefined}
                    onClick={() => onSelect(ticket.id, ticket.match?.message_id)}
                    className={`cursor-target flex w-full flex-col gap-1 rounded-xl border px-3 py-2.5 text-left transition ${
                      isSelected
                        ? 'border-blue-500 bg-blue-50 ring-1 ring-blue-500 dark:border-blue-400 dark:bg-blue-400/15 dark:ring-blue-400'
                        : 'border-slate-300 bg-white/70 hover:border-blue-400 hover:bg-white dark:border-white/10 dark:bg-white/5 dark:hover:border-blue-400/60 dark:hover:bg-white/10'
                    }`}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="flex min-w-0 items-center gap-2 font-semibold text-slate-900 dark:text-white">
                        <span className="truncate">{ticketLabel(ticket)}</span>
                      </span>
                      <UnreadBadge count={isSelected ? 0 : ticket.unread_count} />
                    </span>
                    {ticket.subject && (
                      <span className="line-clamp-1 text-sm font-medium break-all text-slate-800 dark:text-slate-100">
                        {ticket.subject}
                      </span>
                    )}
                    {ticket.match ? (
                      // Where the search found its words says more than the newest message.
                      <SearchExcerpt match={ticket.match} />
                    ) : (
                      ticket.last_message_preview && (
                        <span className="line-clamp-1 text-sm break-all text-slate-700 dark:text-slate-300">
                          {ticket.last_message_preview}
                        </span>
                      )
                    )}
                    <span className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-slate-600 dark:text-slate-300">
                      <StatusBadge status={ticket.status} />
                      {ticket.last_activity_at && <LocalTime iso={ticket.last_activity_at} />}
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
        {hasMore && !isError && (
          <button
            type="button"
            onClick={onLoadMore}
            disabled={isLoadingMore}
            className={`${secondaryButtonClass} mt-3 w-full`}
          >
            {/* Search results are ranked, not by age: the next page is more of them. */}
            {isLoadingMore
              ? 'Wczytywanie…'
              : search?.trim()
                ? 'Pokaż więcej wyników'
                : 'Pokaż starsze zgłoszenia'}
          </button>
        )}
        {!isLoading && !isError && footer}
      </div>
    </section>
  );
}
