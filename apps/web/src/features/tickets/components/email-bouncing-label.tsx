import { useCustomer } from '../api/get-customer';

/** What staff see when the customer's address bounces (DESIGN §7.1). */
export const EMAIL_BOUNCING_LABEL = 'adres e-mail nie przyjmuje wiadomości';

/** The tag itself: ticket e-mails to this customer wait until they sign in or change the address. */
export function EmailBouncingTag() {
  return (
    <span
      data-testid="email-bouncing"
      title="Wiadomość do klienta wróciła jako niedoręczona. Powiadomienia o zgłoszeniach są wstrzymane do jego ponownego zalogowania albo zmiany adresu."
      className="inline-flex items-center rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-400/20 dark:text-red-100"
    >
      {EMAIL_BOUNCING_LABEL}
    </span>
  );
}

/**
 * Beside the ticket's customer in the header: read from the customer panel's
 * query (the same cache entry, no second request).
 */
export function CustomerEmailBouncing({ customerId }: { customerId: number | null }) {
  const query = useCustomer(customerId);
  if (customerId === null || !query.data?.email_bouncing) return null;
  return (
    <div className="flex">
      <EmailBouncingTag />
    </div>
  );
}
