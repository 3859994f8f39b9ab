import { type FormEvent, useId, useRef, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { PasswordField } from '~/components/form/account-fields';
import { CodeField } from '~/components/form/code-field';
import { FormError, FormStatus } from '~/components/form/form-message';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import { errorMessage } from '~/lib/error-messages';
import { confirmReauth } from '../api/reauth';
import { requestReauthCode } from '../api/reauth-code';

export const REAUTH_DIALOG_TITLE = 'Potwierdź hasło';
export const REAUTH_CODE_DIALOG_TITLE = 'Potwierdź kodem z e-maila';
export const REAUTH_CODE_SENT_MESSAGE = 'Wysłaliśmy kod na Twój adres e-mail.';

type Mode = 'password' | 'code';

/**
 * „Potwierdź hasło” (DESIGN.md §7.7): asked when a change of how the account
 * signs in needs a recent confirmation. An account without a password (a
 * guest of §7.6) asks for a code mailed on „Wyślij kod” instead. Enter
 * submits, Escape or „Anuluj” cancels; `onConfirmed` lets the caller repeat
 * what the user was doing.
 */
export function ReauthDialog({
  open,
  onConfirmed,
  onCancel,
}: {
  open: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  const textId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const [mode, setMode] = useState<Mode>('password');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeSent, setCodeSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const submit = useGuardedAction();
  const send = useGuardedAction();

  const reset = () => {
    setMode('password');
    setPassword('');
    setCode('');
    setCodeSent(false);
    setError(null);
    setFieldError(null);
  };
  const cancel = () => {
    reset();
    onCancel();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (mode === 'password' && !password) {
      setFieldError('Wpisz swoje hasło.');
      fieldRef.current?.focus();
      return;
    }
    if (mode === 'code' && !/^\d{6}$/.test(code)) {
      setFieldError('Wpisz 6-cyfrowy kod z e-maila.');
      fieldRef.current?.focus();
      return;
    }
    setFieldError(null);
    void submit.run(async () => {
      try {
        await confirmReauth(mode === 'password' ? { password } : { code });
      } catch (cause) {
        setError(errorMessage(mode === 'password' ? 'reauth' : 'reauthCode', cause));
        fieldRef.current?.select();
        return;
      }
      reset();
      onConfirmed();
    });
  };

  const onSendCode = () =>
    void send.run(async () => {
      setError(null);
      setFieldError(null);
      try {
        await requestReauthCode();
      } catch (cause) {
        setError(errorMessage('reauthCode', cause));
        return;
      }
      setMode('code');
      setCodeSent(true);
      // The code field replaces the password field in this render.
      window.setTimeout(() => fieldRef.current?.focus(), 0);
    });

  return (
    <Dialog
      open={open}
      onClose={() => {
        if (!submit.isPending) cancel();
      }}
      labelledBy={titleId}
      describedBy={textId}
      initialFocus={fieldRef}
      className="w-full max-w-md p-5 sm:p-6"
    >
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        <h2 id={titleId} className="text-xl font-bold">
          {mode === 'password' ? REAUTH_DIALOG_TITLE : REAUTH_CODE_DIALOG_TITLE}
        </h2>
        <p id={textId} className="text-slate-700 dark:text-slate-300">
          {mode === 'password'
            ? 'Dla bezpieczeństwa dodanie lub usunięcie sposobu logowania wymaga podania hasła. Po potwierdzeniu od razu dokończymy zmianę.'
            : 'Dla bezpieczeństwa ta zmiana wymaga potwierdzenia. Wpisz kod, który wysłaliśmy na Twój adres e-mail — po potwierdzeniu od razu dokończymy zmianę.'}
        </p>
        {mode === 'password' ? (
          <PasswordField
            ref={fieldRef}
            value={password}
            error={fieldError}
            onChange={(event) => setPassword(event.target.value)}
          />
        ) : (
          <CodeField ref={fieldRef} digitsOnly value={code} error={fieldError} onChange={setCode} />
        )}
        <FormStatus message={codeSent ? REAUTH_CODE_SENT_MESSAGE : null} />
        <FormError message={error} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={cancel}
            disabled={submit.isPending}
            className={secondaryButtonClass}
          >
            Anuluj
          </button>
          <PendingButton
            isPending={submit.isPending}
            pendingLabel="Sprawdzanie…"
            className={primaryButtonClass}
          >
            Potwierdź
          </PendingButton>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {mode === 'password' ? 'Nie masz hasła? ' : 'Kod nie dotarł? '}
          <button
            type="button"
            onClick={onSendCode}
            disabled={send.isPending}
            className={`${linkClass} disabled:opacity-60`}
          >
            {send.isPending ? 'Wysyłanie…' : 'Wyślij kod'}
          </button>
          {mode === 'password' ? ' na swój adres e-mail.' : null}
        </p>
      </form>
    </Dialog>
  );
}
