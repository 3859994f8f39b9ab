import type { PublicUser } from '@studio/shared/types';
import { useEffect, useRef, useState } from 'react';
import { CodeField } from '~/components/form/code-field';
import { FormError, FormStatus } from '~/components/form/form-message';
import { primaryButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import { REQUIRED_MESSAGE } from '~/lib/account-validation';
import { errorMessage } from '~/lib/error-messages';
import { resendLoginCode, verifyLoginCode } from '../api/verify-login-code';

/** Step two of a 2FA login: the code e-mailed after the password step. */
export function LoginCodeForm({
  userId,
  rememberMe,
  onVerified,
  onBack,
}: {
  userId: number;
  rememberMe: boolean;
  onVerified: (user: PublicUser) => void | Promise<void>;
  onBack: () => void;
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>('Wysłaliśmy kod na email');
  const verify = useGuardedAction();
  const resend = useGuardedAction();
  const codeInput = useRef<HTMLInputElement>(null);

  // The step replaces the password form: keyboard and screen-reader users land on the code field.
  useEffect(() => codeInput.current?.focus(), []);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setFieldError(REQUIRED_MESSAGE);
      return;
    }
    setFieldError(null);
    void verify.run(async () => {
      setFormError(null);
      try {
        const { user } = await verifyLoginCode({ userId, code: code.trim(), rememberMe });
        await onVerified(user);
      } catch (error) {
        setStatus(null);
        setFormError(errorMessage('loginMfa', error));
      }
    });
  };

  const onResend = () =>
    void resend.run(async () => {
      setFormError(null);
      setStatus(null);
      try {
        await resendLoginCode({ userId });
        setStatus('Wysłaliśmy kod na email');
      } catch (error) {
        setFormError(errorMessage('mfaSend', error));
      }
    });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Kod weryfikacyjny">
      <p className="text-base text-slate-700 dark:text-slate-300">
        Twoje konto ma włączoną weryfikację dwuetapową. Wpisz kod, który wysłaliśmy na Twój adres
        email.
      </p>
      <CodeField ref={codeInput} value={code} onChange={setCode} error={fieldError} />
      <FormStatus message={status} />
      <FormError message={formError} />
      <PendingButton
        isPending={verify.isPending}
        pendingLabel="Sprawdzanie…"
        className={`w-full ${primaryButtonClass}`}
      >
        Potwierdź
      </PendingButton>
      <div className="flex flex-col gap-3 sm:flex-row">
        <PendingButton
          type="button"
          isPending={resend.isPending}
          pendingLabel="Wysyłanie…"
          onClick={onResend}
          className={`flex-1 ${secondaryButtonClass}`}
        >
          Wyślij kod ponownie
        </PendingButton>
        <button type="button" onClick={onBack} className={`flex-1 ${secondaryButtonClass}`}>
          Wróć
        </button>
      </div>
    </form>
  );
}
