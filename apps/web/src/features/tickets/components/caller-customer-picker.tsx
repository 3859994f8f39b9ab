import type { CustomerMatch } from '@studio/shared/callers';
import { INQUIRY_NAME_MAX } from '@studio/shared/inquiries';
import { EmailSchema } from '@studio/shared/schemas';
import { useEffect, useId, useState } from 'react';
import { useCustomerSearch } from '../api/search-customers';
import { CustomerSearchField } from './customer-search-field';

/** Whose ticket staff open for a caller (DESIGN.md §7.9): sent as `customer_email` / `customer_name`. */
export interface NewTicketCustomer {
  email: string;
  /** A new guest's name, when staff typed one. */
  name?: string;
  /** How the screen names the customer (username, or the name or address typed). */
  label: string;
}

export const PICKER_LABEL = 'Klient: szukaj po nazwie lub adresie e-mail';
export const NEW_CUSTOMER_NAME_LABEL = 'Imię i nazwisko nowego klienta (opcjonalnie)';
export const PICK_CUSTOMER_HINT =
  'Wybierz klienta z listy albo wpisz adres e-mail kogoś nowego — dostanie konto gościa i e-mail z Twoją wiadomością.';
export const BAD_ADDRESS_MESSAGE = 'To nie jest poprawny adres e-mail.';
const SEARCH_PAUSE_MS = 250;

const isAddress = (text: string) => EmailSchema.safeParse(text).success;

/** What was typed, asked for once the typist pauses. */
function usePausedText(text: string): string {
  const [paused, setPaused] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setPaused(text), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return paused;
}

/**
 * The customer picker of staff's „Nowe zgłoszenie”: type to find an existing
 * customer, or type the address (and, optionally, the name) of someone new.
 * Until a customer is chosen, the composer below does not send.
 */
export function CallerCustomerPicker({
  customer,
  onChange,
}: {
  customer: NewTicketCustomer | null;
  onChange: (customer: NewTicketCustomer | null) => void;
}) {
  const [text, setText] = useState('');
  const [name, setName] = useState('');
  const id = useId();
  const query = text.trim();
  const paused = usePausedText(query);
  const search = useCustomerSearch(paused.length >= 2 ? paused : '');
  const matches = paused.length >= 2 ? (search.data ?? []) : [];
  const typedAddress = isAddress(query) ? query.toLowerCase() : null;
  const knownAddress = matches.some((m) => m.email.toLowerCase() === typedAddress);

  if (customer) {
    return (
      <div className="flex flex-wrap items-center gap-2 border-b border-slate-200 px-4 py-3 dark:border-white/10">
        <p className="min-w-0 text-sm text-slate-800 dark:text-slate-100">
          Zgłoszenie dla: <strong className="break-all">{customer.label}</strong>
          {customer.label !== customer.email && (
            <span className="break-all text-slate-600 dark:text-slate-300">
              {' '}
              ({customer.email})
            </span>
          )}
        </p>
        <button
          type="button"
          onClick={() => onChange(null)}
          className="min-h-9 rounded-md border border-slate-400 px-3 text-sm font-medium text-slate-800 hover:bg-slate-100 dark:border-white/25 dark:text-slate-100 dark:hover:bg-white/10"
        >
          Zmień klienta
        </button>
      </div>
    );
  }

  const pick = (match: CustomerMatch) => onChange({ email: match.email, label: match.username });

  return (
    <fieldset className="space-y-2 border-b border-slate-200 px-4 py-3 dark:border-white/10">
      <legend className="sr-only">Klient</legend>
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-300">
        {PICK_CUSTOMER_HINT}
      </p>
      <CustomerSearchField
        text={text}
        onTextChange={setText}
        label={PICKER_LABEL}
        placeholder="Nazwa klienta lub adres e-mail…"
        describedBy={`${id}-hint`}
      />
      <div aria-live="polite" className="text-sm">
        {query.length >= 2 && search.isError && (
          <p className="text-red-700 dark:text-red-300">
            Nie udało się wyszukać klientów. Wpisz adres e-mail albo spróbuj ponownie.
          </p>
        )}
        {query.length >= 2 && search.isFetching && matches.length === 0 && (
          <p className="text-slate-600 dark:text-slate-300">Szukanie…</p>
        )}
        {paused.length >= 2 && search.isSuccess && matches.length === 0 && !typedAddress && (
          <p className="text-slate-600 dark:text-slate-300">
            Nie znaleziono klienta. Wpisz pełny adres e-mail, aby napisać do kogoś nowego.
          </p>
        )}
        {query.includes('@') && !typedAddress && query.length > 3 && (
          <p className="text-red-700 dark:text-red-300">{BAD_ADDRESS_MESSAGE}</p>
        )}
      </div>
      {matches.length > 0 && (
        <ul aria-label="Znalezieni klienci" className="space-y-1">
          {matches.map((match) => (
            <li key={match.id}>
              <button
                type="button"
                onClick={() => pick(match)}
                className="flex min-h-10 w-full flex-wrap items-baseline gap-x-2 rounded-md px-2 py-1 text-left text-sm hover:bg-slate-100 focus-visible:bg-slate-100 dark:hover:bg-white/10 dark:focus-visible:bg-white/10"
              >
                <span className="font-medium text-slate-900 dark:text-white">{match.username}</span>
                <span className="break-all text-slate-600 dark:text-slate-300">{match.email}</span>
                {match.is_guest && (
                  <span className="text-xs text-slate-600 dark:text-slate-400">gość</span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {typedAddress && !knownAddress && (
        <div className="space-y-2 rounded-md border border-slate-300 p-2 dark:border-white/15">
          <label className="flex flex-col gap-1 text-sm text-slate-700 dark:text-slate-200">
            {NEW_CUSTOMER_NAME_LABEL}
            <input
              type="text"
              value={name}
              maxLength={INQUIRY_NAME_MAX}
              autoComplete="off"
              onChange={(event) => setName(event.target.value)}
              className="min-h-10 w-full min-w-0 rounded-lg border border-slate-400 bg-white px-3 py-1.5 text-sm text-slate-900 dark:border-white/25 dark:bg-slate-950/70 dark:text-white"
            />
          </label>
          <button
            type="button"
            onClick={() => {
              const given = name.trim();
              onChange({
                email: typedAddress,
                ...(given ? { name: given } : {}),
                label: given || typedAddress,
              });
            }}
            className="min-h-10 w-full rounded-md bg-blue-700 px-3 text-sm font-semibold text-white hover:bg-blue-600 dark:bg-blue-600 dark:hover:bg-blue-500"
          >
            <span className="break-all">Nowy klient: {typedAddress}</span>
          </button>
        </div>
      )}
    </fieldset>
  );
}
