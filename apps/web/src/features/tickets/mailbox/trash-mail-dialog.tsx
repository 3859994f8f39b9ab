import type { MailboxMail } from '@studio/shared/mailbox';
import { useId, useRef } from 'react';
import { toast } from 'sonner';
import { Dialog } from '~/components/dialog';
import { errorMessage } from '~/lib/error-messages';
import { useTrashMailboxMail } from '../api/trash-mailbox-mail';
import { ConfirmDialogActions } from '../components/confirm-dialog-actions';
import { MAILBOX_FOLDER, senderText, subjectText } from './mailbox-texts';

/**
 * „Do kosza” asks first: the mail moves to the mailbox's trash, where it can
 * still be found in a mail program, but it leaves the Skrzynka for good.
 */
export function TrashMailDialog({
  mail,
  onClose,
  onHandled,
}: {
  /** The mail to trash; null while the dialog is closed. */
  mail: MailboxMail | null;
  onClose: () => void;
  onHandled: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  // The safe choice gets focus: Enter right after opening must not trash anything.
  const cancelRef = useRef<HTMLButtonElement>(null);
  const trash = useTrashMailboxMail();

  async function confirm() {
    if (!mail) return;
    try {
      await trash.mutateAsync({ mailId: mail.id });
      toast.success('Mail przeniesiono do kosza skrzynki pocztowej.');
      onHandled();
    } catch (error) {
      toast.error(errorMessage('mailboxTrash', error));
      onClose();
    }
  }

  return (
    <Dialog
      open={mail !== null}
      onClose={() => {
        if (!trash.isPending) onClose();
      }}
      labelledBy={titleId}
      describedBy={textId}
      role="alertdialog"
      initialFocus={cancelRef}
      className="w-full max-w-md p-6"
    >
      <h2 id={titleId} className="text-xl font-bold">
        Przenieść mail do kosza?
      </h2>
      {mail && (
        <div id={textId} className="mt-3 flex flex-col gap-2 text-slate-700 dark:text-slate-300">
          <p className="break-words">
            „{subjectText(mail)}” od <span className="wrap-anywhere">{senderText(mail)}</span>
          </p>
          <p>
            Mail zniknie ze Skrzynki i z folderu „{MAILBOX_FOLDER}”. Znajdziesz go jeszcze w koszu
            skrzynki pocztowej.
          </p>
        </div>
      )}
      <ConfirmDialogActions
        cancelRef={cancelRef}
        onCancel={onClose}
        onConfirm={() => void confirm()}
        isPending={trash.isPending}
        confirmLabel="Do kosza"
        pendingLabel="Przenoszenie…"
      />
    </Dialog>
  );
}
