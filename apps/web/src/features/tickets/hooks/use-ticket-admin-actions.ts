import { useState } from 'react';
import { toast } from 'sonner';
import { adminActionErrorMessage } from '~/lib/error-messages';
import { useDeleteTicket } from '../api/delete-ticket';
import { useUpdateTicketStatus } from '../api/update-ticket-status';
import type { TicketSummary } from '../lib/selection';

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

  const setStatus = (status: TicketSummary['status']) => {
    if (!ticket) return;
    statusMutation.mutate(
      { ticketId: ticket.id, status },
      {
        onSuccess: () =>
          toast.success(
            status === 'closed' ? 'Zgłoszenie zostało zamknięte.' : 'Zgłoszenie zostało otwarte.',
          ),
        onError: (error) =>
          toast.error(adminActionErrorMessage(status === 'closed' ? 'close' : 'open', error)),
      },
    );
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
