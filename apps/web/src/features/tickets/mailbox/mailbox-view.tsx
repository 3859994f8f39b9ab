import type { MailboxMail } from '@studio/shared/mailbox';
import { useRef, useState } from 'react';
import { isApiError } from '~/lib/api-client';
import { errorMessage } from '~/lib/error-messages';
import { useMailbox } from '../api/get-mailbox';
import { StaffPageHeader } from '../components/staff-page-header';
import { panelClass, secondaryButtonClass } from '../components/styles';
import { useMailboxStream } from '../hooks/use-mailbox-stream';
import { RETRY_LABEL } from '../lib/messages';
import { AttachMailDialog } from './attach-mail-dialog';
import { MailboxMailRow } from './mailbox-mail-row';
import { MAILBOX_FOLDER, MAILBOX_TITLE, mailCount } from './mailbox-texts';
import { TrashMailDialog } from './trash-mail-dialog';

/**
 * `/contact/mailbox` for staff (issue 29, DESIGN.md §7.1): the mails the
 * product set aside in the support mailbox, newest first, each with its
 * reason, and what to do with it: open a ticket for the sender, attach it to
 * a ticket, or move it to the trash. The list follows the folder live.
 */
export function MailboxView() {
  const mailbox = useMailbox({ enabled: true });
  useMailboxStream({ enabled: true });
  const [attaching, setAttaching] = useState<MailboxMail | null>(null);
  const [trashing, setTrashing] = useState<MailboxMail | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  /** The row that held focus is gone: the keyboard continues from the top of the list. */
  const afterHandled = () => {
    setAttaching(null);
    setTrashing(null);
    requestAnimationFrame(() => {
      const focused = document.activeElement;
      if (!focused || focused === document.body) headingRef.current?.focus();
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <StaffPageHeader title={MAILBOX_TITLE} headingRef={headingRef} />
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">
        Maile, których Kontakt nie zamienił w wiadomości zgłoszeń: od nieznanych nadawców,
        automatyczne, odpowiedzi, których nie dało się przypisać, i inne. Leżą w folderze{' '}
        {`„${MAILBOX_FOLDER}”`} skrzynki pocztowej zespołu.
      </p>
      {mailbox.isPending ? (
        <p role="status" className="py-12 text-center text-slate-700 dark:text-slate-300">
          Wczytywanie Skrzynki…
        </p>
      ) : mailbox.isError ? (
        <div role="alert" className="py-12 text-center text-red-800 dark:text-red-200">
          <p>{errorMessage('mailboxList', mailbox.error)}</p>
          {isApiError(mailbox.error) && mailbox.error.status === 503 && (
            <p className="mt-1 text-sm">
              Maile są bezpieczne w skrzynce pocztowej; zobaczysz je tutaj, gdy połączenie wróci.
            </p>
          )}
          <button
            type="button"
            onClick={() => void mailbox.refetch()}
            disabled={mailbox.isFetching}
            className={`${secondaryButtonClass} mt-3`}
          >
            {mailbox.isFetching ? 'Łączenie…' : RETRY_LABEL}
          </button>
        </div>
      ) : !mailbox.data.configured ? (
        <div role="status" className={`${panelClass} p-6 text-slate-800 dark:text-slate-100`}>
          <p className="font-semibold">Skrzynka pocztowa zespołu nie jest podłączona.</p>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
            Serwer nie ma ustawionego adresu skrzynki (zmienna <code>IMAP_URL</code>), więc maile
            nie trafiają do Kontaktu i nic nie jest odkładane. Po jej ustawieniu odłożone maile
            pojawią się tutaj.
          </p>
        </div>
      ) : mailbox.data.mails.length === 0 ? (
        <p
          role="status"
          className={`${panelClass} p-6 text-center text-slate-700 dark:text-slate-300`}
        >
          Skrzynka jest pusta — wszystkie maile trafiły do zgłoszeń.
        </p>
      ) : (
        <section aria-labelledby="mailbox-list-title" className="flex flex-col gap-3">
          <h2
            id="mailbox-list-title"
            data-testid="mailbox-total"
            className="text-lg font-semibold text-slate-900 dark:text-white"
          >
            Odłożone: {mailCount(mailbox.data.total)}
          </h2>
          <ul className="flex flex-col gap-3">
            {mailbox.data.mails.map((mail) => (
              <MailboxMailRow
                key={mail.id}
                mail={mail}
                onAttach={setAttaching}
                onTrash={setTrashing}
                onHandled={afterHandled}
              />
            ))}
          </ul>
          {mailbox.data.total > mailbox.data.mails.length && (
            <p data-testid="mailbox-more" className="text-sm text-slate-700 dark:text-slate-300">
              Pokazano najnowsze: {mailbox.data.mails.length} z {mailbox.data.total}. Pozostałe (
              {mailbox.data.total - mailbox.data.mails.length}) są w folderze{' '}
              {`„${MAILBOX_FOLDER}”`} skrzynki pocztowej i pojawią się tutaj, gdy zajmiesz się tymi
              powyżej.
            </p>
          )}
        </section>
      )}
      <AttachMailDialog
        mail={attaching}
        onClose={() => setAttaching(null)}
        onHandled={afterHandled}
      />
      <TrashMailDialog mail={trashing} onClose={() => setTrashing(null)} onHandled={afterHandled} />
    </div>
  );
}
