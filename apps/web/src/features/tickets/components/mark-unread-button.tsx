import { secondaryButtonClass } from './styles';

/** „Oznacz jako nieprzeczytane” (DESIGN.md §7.5), in the open ticket's header. */
export function MarkUnreadButton({
  isHeld,
  onMarkUnread,
}: {
  isHeld: boolean;
  onMarkUnread: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onMarkUnread}
      disabled={isHeld}
      className={`${secondaryButtonClass} min-h-10`}
    >
      {isHeld ? 'Nieprzeczytane' : 'Oznacz jako nieprzeczytane'}
    </button>
  );
}
