import type { ReactNode, RefObject } from 'react';
import type { TicketViewCounts } from '../api/get-ticket-views';
import { STAFF_VIEW_LABELS, STAFF_VIEWS, type StaffView } from '../lib/staff-views';

interface StaffListToolbarProps {
  view: StaffView;
  onViewChange: (view: StaffView) => void;
  counts: TicketViewCounts | null;
  searchText: string;
  onSearchChange: (text: string) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Beside the search (the workspace's „Nowe zgłoszenie”). */
  action?: ReactNode;
}

/**
 * Search and the staff views with their counts (DESIGN.md §7.2). The views
 * are toggle buttons (one pressed), which a keyboard reaches with Tab; the
 * count is part of each button's name („Czeka na nas, 4”).
 */
export function StaffListToolbar({
  view,
  onViewChange,
  counts,
  searchText,
  onSearchChange,
  searchRef,
  action,
}: StaffListToolbarProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center gap-2">
        <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
          <span className="sr-only">Szukaj zgłoszeń</span>
          <input
            ref={searchRef}
            type="search"
            value={searchText}
            onChange={(event) => onSearchChange(event.target.value)}
            onKeyDown={(event) => {
              // Escape leaves the field so the one-key shortcuts work again; the search stays
              // (a search field's own Escape would clear it).
              if (event.key === 'Escape') {
                event.preventDefault();
                event.currentTarget.blur();
              }
            }}
            placeholder="Szukaj: treść, #numer, klient…"
            className="min-h-9 w-full rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 dark:border-white/25 dark:bg-slate-950/70 dark:text-white dark:placeholder:text-slate-400"
          />
        </label>
        {action}
      </div>
      {/* One row that scrolls sideways, so the list keeps its height for tickets (issue 31). */}
      <fieldset className="-mx-1 flex min-w-0 gap-1.5 overflow-x-auto px-1 pb-1">
        <legend className="sr-only">Widok zgłoszeń</legend>
        {STAFF_VIEWS.map((value) => {
          const isCurrent = value === view;
          const count = counts?.[value];
          return (
            <button
              key={value}
              type="button"
              aria-pressed={isCurrent}
              data-testid={`view-${value}`}
              onClick={() => onViewChange(value)}
              className={`cursor-target inline-flex min-h-8 shrink-0 items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold whitespace-nowrap transition ${
                isCurrent
                  ? 'border-blue-700 bg-blue-700 text-white dark:border-blue-400 dark:bg-blue-700 dark:text-white'
                  : 'border-slate-400 bg-white/70 text-slate-800 hover:bg-white dark:border-white/25 dark:bg-white/5 dark:text-slate-100 dark:hover:bg-white/15'
              }`}
            >
              {STAFF_VIEW_LABELS[value]}
              {count !== undefined && (
                <span
                  className={`rounded-full px-1.5 ${
                    isCurrent
                      ? 'bg-blue-950/40'
                      : 'bg-slate-200 text-slate-800 dark:bg-white/15 dark:text-slate-100'
                  }`}
                >
                  <span className="sr-only">, </span>
                  {count}
                </span>
              )}
            </button>
          );
        })}
      </fieldset>
    </div>
  );
}
