import { staffActionErrorMessage } from '~/lib/error-messages';
import { toast } from '~/lib/toast';
import { useAssignTicket } from '../api/assign-ticket';
import { useRenameTicket } from '../api/rename-ticket';
import type { TicketSummary } from '../lib/selection';

/** Renaming (owner or staff) and assigning (staff) the open ticket, each confirmed by a toast. */
export function useTicketEditing({ ticket }: { ticket: TicketSummary | null }) {
  const renameMutation = useRenameTicket();
  const assignMutation = useAssignTicket();

  const rename = async (subject: string): Promise<boolean> => {
    if (!ticket) return false;
    try {
      await renameMutation.mutateAsync({ ticketId: ticket.id, subject });
      toast.success('Temat został zmieniony.');
      return true;
    } catch (error) {
      toast.error(staffActionErrorMessage('rename', error));
      return false;
    }
  };

  const assign = (assigneeId: number | null) => {
    if (!ticket || (ticket.assignee?.id ?? null) === assigneeId) return;
    assignMutation.mutate(
      { ticketId: ticket.id, assigneeId },
      {
        onSuccess: ({ assignee }) =>
          toast.success(
            assignee ? `Przypisano do: ${assignee.username}.` : 'Zgłoszenie jest nieprzypisane.',
          ),
        onError: (error) => toast.error(staffActionErrorMessage('assign', error)),
      },
    );
  };

  return {
    rename,
    isRenaming: renameMutation.isPending,
    assign,
    isAssigning: assignMutation.isPending,
  };
}

export type TicketEditing = ReturnType<typeof useTicketEditing>;
