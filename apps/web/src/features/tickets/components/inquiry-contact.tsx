import type { TicketSummary } from '../lib/selection';

/**
 * For staff, on a ticket that began as an inquiry without an account
 * (DESIGN.md §7.6): the name and e-mail the sender gave, and whether the owner
 * is a guest (answers reach them only by e-mail until they register).
 */
export function InquiryContact({ ticket }: { ticket: TicketSummary }) {
  if (!ticket.contact_name && !ticket.contact_email && !ticket.guest) return null;
  return (
    <p data-testid="inquiry-contact" className="text-xs text-slate-700 dark:text-slate-300">
      <span className="font-semibold">Formularz bez konta:</span> {ticket.contact_name}
      {ticket.contact_email && (
        <>
          {ticket.contact_name ? ', ' : ''}
          <a
            href={`mailto:${ticket.contact_email}`}
            className="break-all underline underline-offset-2 hover:no-underline"
          >
            {ticket.contact_email}
          </a>
        </>
      )}
      {ticket.guest && <> · gość (odpowiedzi otrzymuje e-mailem)</>}
    </p>
  );
}
