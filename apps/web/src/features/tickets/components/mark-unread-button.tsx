import { secondaryButtonClass } from './styles';

/**
 * Small for a customer: a rarely used action must not sit beside the thread
 * like its main button (issue 31); still a 36 px target.
 */
const compactClass =
  'inline-flex min-h-9 items-center rounded-lg px-2 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 disabled:cursor-default disabled:opacity-70 dark:text-slate-300 dark:hover:bg-white/10 dark:hover:text-white';

/** „Oznacz jako nieprzeczytane” (DESIGN.md §7.5), in the open ticket's header. */
export function MarkUnreadButton({
  isHeld,
  onMarkUnread,
  compact = false,
}: {
  isHeld: boolean;
  onMarkUnread: () => void;
  /** The customer's thread: a quiet text button instead of a framed one. */
  compact?: boolean;
}) {
  return (
    <button
      type="button"
      onClick={onMarkUnread}
      disabled={isHeld}
      className={compact ? compactClass : `${secondaryButtonClass} min-h-10`}
    >
      {isHeld ? 'Nieprzeczytane' : 'Oznacz jako nieprzeczytane'}
    </button>
  );
}
