import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '~/components/dialog';
import { CodeEntryForm, ResendCodeButton } from '~/components/form/code-entry-form';
import { FormStatus } from '~/components/form/form-message';
import { dangerButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { useCodeEntry } from '~/components/form/use-code-entry';
import { clearReturnPath, endSessionOnPurpose, useSessionActions } from '~/lib/session';
import { toast } from '~/lib/toast';
import { confirmAccountDeletion, requestAccountDeletion } from '../api/delete-account';

export const DELETE_CODE_SENT_MESSAGE = 'Wysłaliśmy kod na email';
export const ACCOUNT_DELETED_MESSAGE = 'Konto zostało usunięte';

/**
 * The one button that deletes for good: solid red, so it never looks like the
 * other actions. Hover darkens it (a lighter red under white text would fall
 * below 4.5:1 contrast).
 */
const destructiveButtonClass =
  'cursor-target inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-5 py-2.5 text-base font-semibold text-white shadow-lg shadow-red-700/20 transition hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-red-600 dark:hover:bg-red-700';

/** 'Usuń konto': the section on the profile and the dialog that confirms with an e-mailed code. */
export function DeleteAccountSection({ email }: { email: string }) {
  const { clearUser } = useSessionActions();
  const [isOpen, setOpen] = useState(false);
  const isDeleted = useRef(false);
  // While the deletion itself runs the dialog stays, so its outcome is never hidden.
  const isDeleting = useRef(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  // The user is forgotten only when this page unmounts after the deletion: forgetting
  // them while /profile is still on screen (the route change to '/' renders as a
  // transition) would make the page's guard send the visitor to /login instead.
  useEffect(
    () => () => {
      if (!isDeleted.current) return;
      clearUser({ deliberate: true });
      clearReturnPath();
    },
    [clearUser],
  );

  const onClose = () => {
    if (!isDeleting.current) setOpen(false);
  };

  return (
    <div className="space-y-3">
      <h2
        id="delete-account-heading"
        className="text-lg font-semibold text-slate-900 dark:text-white"
      >
        Usuwanie konta
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Usunięcie konta jest nieodwracalne. Razem z kontem usuniemy wszystkie Twoje zgłoszenia,
        wiadomości i pliki.
      </p>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={dangerButtonClass}
      >
        Usuń konto
      </button>
      <Dialog
        open={isOpen}
        onClose={onClose}
        role="alertdialog"
        labelledBy={titleId}
        describedBy={descriptionId}
        initialFocus={cancelButton}
        className="w-full max-w-lg"
      >
        <DeleteAccountSteps
          email={email}
          titleId={titleId}
          descriptionId={descriptionId}
          cancelButton={cancelButton}
          isDeleting={isDeleting}
          onCancel={onClose}
          onDeleted={() => {
            isDeleted.current = true;
          }}
        />
      </Dialog>
    </div>
  );
}

/**
 * The dialog's content, mounted only while it is open, so closing it forgets
 * the step, the code and any message.
 */
function DeleteAccountSteps({
  email,
  titleId,
  descriptionId,
  cancelButton,
  isDeleting,
  onCancel,
  onDeleted,
}: {
  email: string;
  titleId: string;
  descriptionId: string;
  cancelButton: RefObject<HTMLButtonElement | null>;
  isDeleting: RefObject<boolean>;
  onCancel: () => void;
  onDeleted: () => void;
}) {
  const navigate = useNavigate();
  const [step, setStep] = useState<'request' | 'confirm'>('request');
  const entry = useCodeEntry({
    rule: 'sixDigits',
    confirm: async (code) => {
      isDeleting.current = true;
      try {
        await endSessionOnPurpose(() => confirmAccountDeletion({ code }));
      } catch (cause) {
        isDeleting.current = false;
        throw cause;
      }
      // The server has ended the session; the section forgets the user once /profile is gone.
      onDeleted();
      await navigate('/', { replace: true });
      toast.success(ACCOUNT_DELETED_MESSAGE);
    },
    confirmErrors: 'profileDelete',
    resend: async () => {
      await requestAccountDeletion();
      setStep('confirm');
    },
    resendErrors: 'profileDeleteSend',
    resentMessage: DELETE_CODE_SENT_MESSAGE,
  });
  const isRequest = step === 'request';

  return (
    <div className="space-y-4 p-6 sm:p-8">
      <h2 id={titleId} className="text-xl font-bold text-slate-900 dark:text-white">
        Usunąć konto na zawsze?
      </h2>
      <div id={descriptionId} className="space-y-2 text-base text-slate-700 dark:text-slate-300">
        <p>
          Konto, wszystkie Twoje zgłoszenia, wiadomości i pliki zostaną usunięte na zawsze. Tej
          operacji nie można cofnąć.
        </p>
        <p>
          Jeśli chcesz zachować kopię, najpierw użyj przycisku „Pobierz moje dane”. Usunięcie
          potwierdzisz kodem, który wyślemy na adres{' '}
          <strong className="break-all text-slate-900 dark:text-white">{email}</strong>.
        </p>
      </div>

      {/* Both live regions stay mounted across the steps, so what appears in them is announced. */}
      <FormStatus message={entry.status} />
      <CodeEntryForm
        entry={entry}
        name={{ 'aria-labelledby': titleId }}
        className="space-y-4"
        isCodeShown={!isRequest}
        hasStatus={false}
        submitLabel="Usuń konto na zawsze"
        submitPendingLabel="Usuwanie konta…"
        submitClassName={`w-full ${destructiveButtonClass}`}
        actions={
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              ref={cancelButton}
              type="button"
              onClick={onCancel}
              disabled={entry.isConfirming}
              className={`w-full sm:w-auto ${secondaryButtonClass}`}
            >
              Anuluj
            </button>
            <ResendCodeButton
              entry={entry}
              label={isRequest ? 'Wyślij kod' : 'Wyślij kod ponownie'}
              pendingLabel="Wysyłanie kodu…"
              disabled={entry.isConfirming}
              className={`w-full sm:w-auto ${isRequest ? dangerButtonClass : secondaryButtonClass}`}
            />
          </div>
        }
      />
    </div>
  );
}
