import type { AssigneeOption } from '../hooks/use-assignee-options';
import { useStaffParts } from '../hooks/use-staff-parts';
import type { TicketEditing } from '../hooks/use-ticket-editing';
import type { TicketSummary } from '../lib/selection';
import { StaffTicketRating } from '../ratings/ticket-rating';
import { DueLabel } from './due-label';
import { WaitingLabel } from './ticket-row-details';
import { TicketSubject } from './ticket-subject';

interface TicketHeaderExtrasProps {
  ticket: TicketSummary;
  isAdmin: boolean;
  me: AssigneeOption;
  assigneeOptions: readonly AssigneeOption[];
  editing: TicketEditing;
}

/**
 * Under the ticket's number: its subject (the owner and staff may change it)
 * and, for staff, who is waiting and the assignment.
 */
export function TicketHeaderExtras({
  ticket,
  isAdmin,
  me,
  assigneeOptions,
  editing,
}: TicketHeaderExtrasProps) {
  const parts = useStaffParts(isAdmin);
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <TicketSubject
        key={ticket.id}
        subject={ticket.subject ?? ''}
        canEdit={isAdmin || ticket.status === 'open'}
        isSaving={editing.isRenaming}
        onSave={editing.rename}
      />
      {parts && <parts.InquiryContact ticket={ticket} />}
      {parts && ticket.status === 'closed' && <StaffTicketRating ticketId={ticket.id} />}
      {parts && <parts.CustomerEmailBouncing customerId={parts.customerIdOf(ticket)} />}
      {parts && (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-xs">
          <WaitingLabel ticket={ticket} />
          <DueLabel ticket={ticket} />
          <parts.AssignControl
            ticket={ticket}
            options={assigneeOptions}
            myId={me.id}
            isAssigning={editing.isAssigning}
            onAssign={editing.assign}
          />
        </div>
      )}
    </div>
  );
}
