import { useId } from 'react';
import { ChevronIcon } from './icons';
import { panelClass, secondaryButtonClass } from './styles';
import { UnreadBadge } from './ticket-badges';
import { TicketList, type TicketListProps } from './ticket-list';

type TicketListPanelProps = Omit<TicketListProps, 'id'> & {
  unread: number;
  onToggleOpenOnMobile: () => void;
  /** Staff's phone layout shows the list as a pane of its own instead of folding it. */
  hasToggle?: boolean;
};

/** The list with the button that folds it away on narrow screens (SPEC.md §2). */
export function TicketListPanel({
  unread,
  onToggleOpenOnMobile,
  hasToggle = true,
  ...listProps
}: TicketListPanelProps) {
  const listId = useId();
  return (
    <div
      className={`${panelClass} flex min-h-0 flex-col ${hasToggle ? 'gap-3 p-3 sm:p-4' : 'flex-1 p-2'}`}
    >
      {hasToggle && (
        <button
          type="button"
          aria-expanded={listProps.isOpenOnMobile}
          aria-controls={listId}
          onClick={onToggleOpenOnMobile}
          className={`${secondaryButtonClass} w-full justify-between lg:hidden`}
        >
          <span className="flex items-center gap-2">
            Zgłoszenia ({listProps.tickets.length})
            <UnreadBadge count={unread} />
          </span>
          <ChevronIcon
            className={`size-5 transition-transform ${listProps.isOpenOnMobile ? 'rotate-180' : ''}`}
          />
        </button>
      )}
      <TicketList id={listId} {...listProps} />
    </div>
  );
}
