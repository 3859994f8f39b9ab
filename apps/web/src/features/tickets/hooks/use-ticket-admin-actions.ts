import { useState } from 'react';
import { adminActionErrorMessage } from '~/lib/error-messages';
import { toast } from '~/lib/toast';
import { useDeleteTicket } from '../api/delete-ticket';
import { useUpdateTicketStatus } from '../api/update-ticket-status';
import type { TicketSummary } from '../lib/selection';

/** How long „Cofnij” stays on the toast of a close. */
export const UNDO_CLOSE_MS = 5000;

/** Closing, reopening and deleting the open ticket, each confirmed by a toast (SPEC.md §4). */
export function useTicketAdminActions({
  ticket,
  onDeleted,
}: {
  ticket: TicketSummary | null;
  onDeleted: () => void;
}) {
  const [isDeleteOpen, setDeleteOpen] = useState(false);
  const statusMutation = useUpdateTicketStatus();
  const deleteMutation = useDeleteTicket();

  const changeStatus = (ticketId: number, status: TicketSummary['status']) => {
    statusMutation.mutate(
      { ticketId, status },
      {
        onSuccess: () => {
          if (status === 'open') {
            toast.success('Zgłoszenie zostało otwarte.');
            return;
          }
          // A close is undone from its toast for 5 s (issue 31): the ticket named, not the one open then.
          toast.success('Zgłoszenie zostało zamknięte.', {
            duration: UNDO_CLOSE_MS,
            action: { label: 'Cofnij', onClick: () => changeStatus(ticketId, 'open') },
          });
        },
        onError: (error) =>
          toast.error(adminActionErrorMessage(status === 'closed' ? 'close' : 'open', error)),
      },
    );
  };
  const setStatus = (status: TicketSummary['status']) => {
    if (ticket) changeStatus(ticket.id, status);
  };

  const confirmDelete = () => {
    if (!ticket) return;
    deleteMutation.mutate(
      { ticketId: ticket.id },
      {
        onSuccess: () => {
          setDeleteOpen(false);
          onDeleted();
          toast.success('Zgłoszenie zostało usunięte.');
        },
        onError: (error) => {
          setDeleteOpen(false);
          toast.error(adminActionErrorMessage('delete', error));
        },
      },
    );
  };

  return {
    setStatus,
    isChangingStatus: statusMutation.isPending,
    isDeleteOpen,
    openDelete: () => setDeleteOpen(true),
    cancelDelete: () => setDeleteOpen(false),
    confirmDelete,
    isDeleting: deleteMutation.isPending,
  };
}
