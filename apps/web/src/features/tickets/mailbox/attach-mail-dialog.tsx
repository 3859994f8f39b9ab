import type { MailboxMail } from '@studio/shared/mailbox';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '~/components/dialog';
import { isApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/error-messages';
import { toast } from '~/lib/toast';
import { useAttachMailboxMail } from '../api/attach-mailbox-mail';
import { useTicketsToAttach } from '../api/find-tickets-to-attach';
import { LoadError } from '../components/load-error';
import { primaryButtonClass, secondaryButtonClass } from '../components/styles';
import { TicketNumber } from '../components/ticket-row-details';
import type { TicketSummary } from '../lib/selection';
import { ticketLabel, ticketNumberOf } from '../lib/ticket-label';
import { senderText, subjectText } from './mailbox-texts';

/** Typing asks the server once the typist pauses, as the staff list's search does. */
export const PICKER_SEARCH_DELAY_MS = 250;

const ticketName = (ticket: TicketSummary) => `#${ticketNumberOf(ticket)}`;
const customerOf = (ticket: TicketSummary) => ticket.contact_name || ticket.username;

/**
 * „Dołącz do zgłoszenia”: a searchable picker of open tickets (combobox +
 * listbox: typing searches, ↑/↓ move, Enter chooses) and a confirm button.
 * Choosing and attaching are two steps, so a stray Enter never sends a mail
 * into the wrong ticket.
 */
export function AttachMailDialog({
  mail,
  onClose,
  onHandled,
}: {
  /** The mail to attach; null while the dialog is closed. */
  mail: MailboxMail | null;
  onClose: () => void;
  onHandled: () => void;
}) {
  const open = mail !== null;
  const titleId = useId();
  const listId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [active, setActive] = useState(0);
  const [chosen, setChosen] = useState<TicketSummary | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const attach = useAttachMailboxMail();
  const found = useTicketsToAttach({ enabled: open, search });
  const tickets = found.data ?? [];
  const activeIndex = Math.min(active, Math.max(0, tickets.length - 1));
  const optionId = (index: number) => `${listId}-${index}`;

  useEffect(() => {
    const timer = setTimeout(() => setSearch(searchText), PICKER_SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  // Each opening starts afresh: no search, nothing chosen, no old error.
  useEffect(() => {
    if (open) return;
    setSearchText('');
    setSearch('');
    setActive(0);
    setChosen(null);
    setFailure(null);
  }, [open]);

  const close = () => {
    if (!attach.isPending) onClose();
  };

  const choose = (ticket: TicketSummary | undefined) => {
    if (!ticket) return;
    setChosen(ticket);
    setFailure(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.min(tickets.length - 1, Math.max(0, activeIndex + step)));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : tickets.length - 1);
    } else if (event.key === 'Enter') {
      // Enter in the search chooses; the form's button attaches.
      event.preventDefault();
      choose(tickets[activeIndex]);
    }
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mail || !chosen) return;
    const ticket = chosen;
    try {
      await attach.mutateAsync({ mailId: mail.id, ticketId: ticket.id });
      toast.success(`Mail dołączono do zgłoszenia ${ticketName(ticket)}.`, {
        description: (
          <Link to={`/contact?ticket=${ticket.id}`} className="font-semibold underline">
            Przejdź do zgłoszenia {ticketName(ticket)}
          </Link>
        ),
      });
      onHandled();
    } catch (error) {
      const message = errorMessage('mailboxAttach', error);
      // The mail is gone: nothing left to attach, the list has been read again.
      if (isApiError(error) && error.status === 404) {
        toast.error(message);
        onClose();
        return;
      }
      setFailure(message);
    }
  }

  const query = search.trim();
  return (
    <Dialog
      open={open}
      onClose={close}
      labelledBy={titleId}
      describedBy={hintId}
      initialFocus={inputRef}
      className="w-full max-w-lg p-4 sm:p-6"
    >
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          Dołącz mail do zgłoszenia
        </h2>
        {mail && (
          <p className="text-sm break-words text-slate-700 dark:text-slate-300">
            „{subjectText(mail)}” od <span className="wrap-anywhere">{senderText(mail)}</span>
          </p>
        )}
        <p id={hintId} className="text-sm text-slate-700 dark:text-slate-300">
          Mail stanie się wiadomością klienta w wybranym otwartym zgłoszeniu. Szukaj po numerze
          (#1042), nazwie klienta lub słowach z wiadomości; ↑ ↓ przesuwają, Enter wybiera.
        </p>
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label="Szukaj zgłoszenia"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={tickets.length > 0 ? optionId(activeIndex) : undefined}
          value={searchText}
          onChange={(event) => {
            setSearchText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="#numer, klient, treść…"
          className="min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 dark:border-white/25 dark:bg-slate-950/70 dark:text-white dark:placeholder:text-slate-400"
        />
        {found.isPending || (found.isFetching && found.isPlaceholderData) ? (
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            Szukanie…
          </p>
        ) : found.isError ? (
          <LoadError
            className=""
            message={
              isApiError(found.error) && found.error.status === 429
                ? 'Zbyt wiele wyszukiwań. Odczekaj chwilę i spróbuj ponownie.'
                : 'Nie udało się wyszukać zgłoszeń.'
            }
            onRetry={() => void found.refetch()}
          />
        ) : tickets.length === 0 ? (
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            {query
              ? `Brak otwartych zgłoszeń pasujących do „${query}”.`
              : 'Brak otwartych zgłoszeń.'}
          </p>
        ) : null}
        <div
          id={listId}
          role="listbox"
          aria-label="Otwarte zgłoszenia"
          className="flex max-h-72 flex-col gap-1 overflow-y-auto"
        >
          {tickets.map((ticket, index) => {
            const isChosen = chosen?.id === ticket.id;
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the combobox (aria-activedescendant)
              <div
                key={ticket.id}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                aria-selected={isChosen}
                data-testid="attach-candidate"
                onClick={() => {
                  setActive(index);
                  choose(ticket);
                }}
                onMouseMove={() => setActive(index)}
                className={`cursor-pointer rounded-lg border px-3 py-2 ${
                  isChosen
                    ? 'border-blue-700 bg-blue-100 ring-1 ring-blue-700 dark:border-blue-300 dark:bg-blue-400/25 dark:ring-blue-300'
                    : index === activeIndex
                      ? 'border-blue-500 bg-blue-50 dark:border-blue-400 dark:bg-blue-400/10'
                      : 'border-transparent'
                }`}
              >
                <span className="flex min-w-0 items-center gap-2 font-semibold">
                  <TicketNumber ticket={ticket} />
                  <span className="truncate">{ticket.subject || ticketLabel(ticket)}</span>
                  {isChosen && <span className="sr-only"> (wybrane)</span>}
                </span>
                <span className="block truncate text-sm text-slate-700 dark:text-slate-300">
                  <span className="sr-only">Klient: </span>
                  {customerOf(ticket)}
                  {ticket.contact_email && ` · ${ticket.contact_email}`}
                </span>
              </div>
            );
          })}
        </div>
        {failure && (
          <p role="alert" className="text-sm text-red-800 dark:text-red-200">
            {failure}
          </p>
        )}
        <div className="mt-2 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={close}
            disabled={attach.isPending}
            className={secondaryButtonClass}
          >
            Anuluj
          </button>
          <button
            type="submit"
            disabled={!chosen || attach.isPending}
            className={primaryButtonClass}
          >
            {attach.isPending
              ? 'Dołączanie…'
              : chosen
                ? `Dołącz do ${ticketName(chosen)}`
                : 'Wybierz zgłoszenie'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
