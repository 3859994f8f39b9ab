import { useState } from 'react';
import { Link } from 'react-router';
import { countOf } from '~/lib/plural';
import { hasAnySecondFactor, secondFactorNames } from '~/lib/second-factors';
import { type Customer, useCustomer } from '../api/get-customer';
import { formatFullDateTime } from '../lib/format';
import { ticketStatusLabel } from '../lib/messages';
import { EmailBouncingTag } from './email-bouncing-label';
import { LoadError } from './load-error';
import { ResetSecondFactorsDialog } from './reset-second-factors-dialog';
import { dangerButtonClass, panelClass } from './styles';

/** The customer's account id from a list item: null when it is not known (0). */
export function customerIdOf(ticket: { owner_id?: number }): number | null {
  return ticket.owner_id && ticket.owner_id > 0 ? ticket.owner_id : null;
}

const DAY_MS = 86_400_000;
const DAY = { one: 'dzień', few: 'dni', many: 'dni' };

/** „od 40 dni” beside the date the account was made. */
function accountAge(createdAt: string, now = Date.now()): string {
  const created = Date.parse(createdAt);
  if (Number.isNaN(created)) return '';
  const days = Math.max(0, Math.floor((now - created) / DAY_MS));
  return days === 0 ? 'od dziś' : `od ${countOf(days, DAY)}`;
}

/**
 * Who the customer of the open ticket is, for staff: name, e-mail, how long
 * they have had an account, 2FA, and their other tickets as links. A guest
 * is said to be one, with the name they gave, and no account age or 2FA. Beside the
 * thread on wide screens, below it on phones (the grid stacks it).
 */
export function CustomerPanel({
  customerId,
  currentTicketId,
}: {
  customerId: number | null;
  currentTicketId: number;
}) {
  const query = useCustomer(customerId);
  if (customerId === null) return null;
  return (
    <aside aria-labelledby="customer-panel-title" className={`${panelClass} p-4 text-sm`}>
      <h2
        id="customer-panel-title"
        className="text-base font-semibold text-slate-900 dark:text-white"
      >
        Klient
      </h2>
      {query.isPending ? (
        <p role="status" className="mt-2 text-slate-700 dark:text-slate-300">
          Wczytywanie…
        </p>
      ) : query.isError ? (
        <LoadError
          message="Nie udało się wczytać danych klienta."
          onRetry={() => void query.refetch()}
          className="mt-2"
        />
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-slate-800 dark:text-slate-100">
            <dt className="text-slate-600 dark:text-slate-300">Nazwa</dt>
            <dd className="font-semibold break-words">
              {query.data.name ?? query.data.username}
              {query.data.name && query.data.name !== query.data.username ? (
                <span className="block text-xs font-normal text-slate-600 dark:text-slate-300">
                  {query.data.username}
                </span>
              ) : null}
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">E-mail</dt>
            <dd className="break-all">
              <a className="underline" href={`mailto:${query.data.email}`}>
                {query.data.email}
              </a>
              {query.data.email_bouncing ? (
                <div className="mt-1">
                  <EmailBouncingTag />
                </div>
              ) : null}
            </dd>
            <dt className="text-slate-600 dark:text-slate-300">Konto</dt>
            {query.data.guest ? (
              // A guest (DESIGN.md §7.6) has no password, no sign-in and no second factor to speak of.
              <dd data-testid="customer-guest">
                bez konta — pisze przez formularz lub e-mailem{' '}
                <span className="text-slate-600 dark:text-slate-300">
                  (pierwszy raz {formatFullDateTime(query.data.created_at)})
                </span>
              </dd>
            ) : (
              <dd>
                {accountAge(query.data.created_at)}{' '}
                <span className="text-slate-600 dark:text-slate-300">
                  ({formatFullDateTime(query.data.created_at)})
                </span>
              </dd>
            )}
            {query.data.guest ? null : (
              <>
                <dt className="text-slate-600 dark:text-slate-300">2FA</dt>
                <dd data-testid="customer-mfa">{secondFactorsText(query.data)}</dd>
              </>
            )}
          </dl>
          {hasAnySecondFactor(query.data.second_factors) ? (
            <ResetSecondFactors customer={query.data} />
          ) : null}
          <h3 className="mt-3 font-semibold text-slate-900 dark:text-white">Inne zgłoszenia</h3>
          <OtherTickets tickets={query.data.tickets.filter((t) => t.id !== currentTicketId)} />
        </>
      )}
    </aside>
  );
}

/** Every second factor that is on (issue 28), never „wyłączone” beside an active app. */
function secondFactorsText(customer: Customer): string {
  const factors = customer.second_factors;
  return hasAnySecondFactor(factors) ? `włączone: ${secondFactorNames(factors)}` : 'wyłączone';
}

function ResetSecondFactors({ customer }: { customer: Customer }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)} className={`mt-3 ${dangerButtonClass}`}>
        Resetuj drugi składnik
      </button>
      <ResetSecondFactorsDialog open={isOpen} customer={customer} onClose={() => setOpen(false)} />
    </>
  );
}

function OtherTickets({
  tickets,
}: {
  tickets: { id: number; number: number; subject: string; status: 'open' | 'closed' }[];
}) {
  if (tickets.length === 0) {
    return <p className="mt-1 text-slate-700 dark:text-slate-300">Brak innych zgłoszeń.</p>;
  }
  return (
    <ul className="mt-1 flex flex-col gap-1">
      {tickets.map((ticket) => (
        <li key={ticket.id}>
          <Link
            to={`/contact?ticket=${ticket.id}`}
            className="cursor-target text-blue-700 underline underline-offset-2 hover:text-blue-600 dark:text-blue-300"
          >
            #{ticket.number} {ticket.subject || 'Bez tematu'}
          </Link>{' '}
          <span className="text-xs text-slate-600 dark:text-slate-300">
            ({ticketStatusLabel(ticket.status).toLocaleLowerCase('pl')})
          </span>
        </li>
      ))}
    </ul>
  );
}
