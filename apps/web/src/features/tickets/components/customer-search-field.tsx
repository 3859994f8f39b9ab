/** The label a screen reader gives the customer's search field (DESIGN.md §7.8). */
export const CUSTOMER_SEARCH_LABEL = 'Szukaj w moich zgłoszeniach';

/**
 * The customer's search in their own tickets, as they type (the pause and the
 * address are `use-search-query`'s). Full width, so it fits a 360 px phone.
 */
export function CustomerSearchField({
  text,
  onTextChange,
  label = CUSTOMER_SEARCH_LABEL,
  placeholder = 'Szukaj w zgłoszeniach…',
  describedBy,
}: {
  text: string;
  onTextChange: (text: string) => void;
  /** Another search with the same field (staff's customer picker, DESIGN.md §7.9). */
  label?: string;
  placeholder?: string;
  describedBy?: string;
}) {
  return (
    <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
      <span className="sr-only">{label}</span>
      <input
        type="search"
        value={text}
        onChange={(event) => onTextChange(event.target.value)}
        placeholder={placeholder}
        aria-describedby={describedBy}
        autoComplete="off"
        enterKeyHint="search"
        className="min-h-10 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-sm text-slate-900 placeholder:text-slate-500 dark:border-white/25 dark:bg-slate-950/70 dark:text-white dark:placeholder:text-slate-400"
      />
    </label>
  );
}
