import { type MailboxMail, SET_ASIDE_REASON_TEXT } from '@studio/shared/mailbox';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '~/lib/error-messages';
import { toast } from '~/lib/toast';
import { useOpenMailboxTicket } from '../api/open-mailbox-ticket';
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from '../components/styles';
import { formatFileSize } from '../lib/attachments';
import { formatFullDateTime, formatMessageTime } from '../lib/format';
import { NO_SUBJECT, senderText, subjectText, UNKNOWN_SENDER } from './mailbox-texts';

const actionClass = 'w-full sm:w-auto';

/**
 * One mail of the Skrzynka: who sent it, what about, when, how big, why it
 * was set aside, and the three things staff can do with it. Opening a ticket
 * runs here; attaching and trashing ask first, in the screen's dialogs.
 */
export function MailboxMailRow({
  mail,
  onAttach,
  onTrash,
  onHandled,
}: {
  mail: MailboxMail;
  onAttach: (mail: MailboxMail) => void;
  onTrash: (mail: MailboxMail) => void;
  /** The mail left the list through this row's own action. */
  onHandled: () => void;
}) {
  const subjectId = useId();
  const navigate = useNavigate();
  const openTicket = useOpenMailboxTicket();
  const busy = openTicket.isPending;
  const subject = subjectText(mail);
  const sender = senderText(mail);

  async function onOpenTicket() {
    try {
      const { ticket_id } = await openTicket.mutateAsync({ mailId: mail.id });
      toast.success(`Otwarto zgłoszenie z maila „${subject}”.`);
      onHandled();
      // The workspace opens the ticket even when it is beyond the list's first page.
      void navigate(`/contact?ticket=${ticket_id}`);
    } catch (error) {
      toast.error(errorMessage('mailboxOpenTicket', error));
    }
  }

  return (
    <li
      data-testid="mailbox-mail"
      data-mail-id={mail.id}
      aria-busy={busy || undefined}
      className="flex flex-col gap-3 rounded-xl border border-slate-300 bg-white/70 p-3 sm:p-4 dark:border-white/10 dark:bg-white/5"
    >
      <div className="flex min-w-0 flex-col gap-1">
        <h3
          id={subjectId}
          className={`font-semibold break-words text-slate-900 dark:text-white ${
            subject === NO_SUBJECT ? 'italic' : ''
          }`}
        >
          {subject}
        </h3>
        <p className="text-sm wrap-anywhere text-slate-800 dark:text-slate-100">
          <span className="sr-only">Od: </span>
          {mail.from_name?.trim() ? (
            <>
              <span className="font-medium">{mail.from_name.trim()}</span>
              {mail.from && (
                <span className="text-slate-700 dark:text-slate-300"> &lt;{mail.from}&gt;</span>
              )}
            </>
          ) : (
            <span className={sender === UNKNOWN_SENDER ? 'italic' : 'font-medium'}>{sender}</span>
          )}
        </p>
        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-700 dark:text-slate-300">
          <time dateTime={mail.date} title={formatFullDateTime(mail.date)}>
            <span className="sr-only">Otrzymano: </span>
            {formatMessageTime(mail.date)}
          </time>
          <span>
            <span className="sr-only">Rozmiar: </span>
            {formatFileSize(mail.size)}
          </span>
          <span
            data-testid="mailbox-reason"
            className="rounded bg-amber-100 px-1.5 py-0.5 font-medium text-amber-950 dark:bg-amber-300/20 dark:text-amber-100"
          >
            <span className="sr-only">Powód: </span>
            {SET_ASIDE_REASON_TEXT[mail.reason]}
          </span>
        </p>
      </div>
      <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
        <button
          type="button"
          aria-describedby={subjectId}
          onClick={() => void onOpenTicket()}
          disabled={busy}
          className={`${primaryButtonClass} ${actionClass}`}
        >
          {openTicket.isPending ? 'Otwieranie…' : 'Otwórz zgłoszenie'}
        </button>
        <button
          type="button"
          aria-describedby={subjectId}
          onClick={() => onAttach(mail)}
          disabled={busy}
          className={`${secondaryButtonClass} ${actionClass}`}
        >
          Dołącz do zgłoszenia
        </button>
        <button
          type="button"
          aria-describedby={subjectId}
          onClick={() => onTrash(mail)}
          disabled={busy}
          className={`${dangerButtonClass} ${actionClass}`}
        >
          Do kosza
        </button>
      </div>
    </li>
  );
}
