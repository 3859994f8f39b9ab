import type { MailboxMail } from '@studio/shared/mailbox';
import { errorMessage } from '~/lib/error-messages';
import { toast } from '~/lib/toast';
import { useTrashMailboxMail } from '../api/trash-mailbox-mail';
import { ConfirmDialog } from '../components/confirm-dialog';
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
    <ConfirmDialog
      open={mail !== null}
      title="Przenieść mail do kosza?"
      isPending={trash.isPending}
      confirmLabel="Do kosza"
      pendingLabel="Przenoszenie…"
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      {mail && (
        <>
          <p className="break-words">
            „{subjectText(mail)}” od <span className="wrap-anywhere">{senderText(mail)}</span>
          </p>
          <p>
            Mail zniknie ze Skrzynki i z folderu „{MAILBOX_FOLDER}”. Znajdziesz go jeszcze w koszu
            skrzynki pocztowej.
          </p>
        </>
      )}
    </ConfirmDialog>
  );
}
