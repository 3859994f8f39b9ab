import { CODE_LENGTH } from '@studio/shared/limits';
import type { PublicUser } from '@studio/shared/types';
import { useEffect, useRef, useState } from 'react';
import { CodeField } from '~/components/form/code-field';
import { FormError, FormStatus } from '~/components/form/form-message';
import { primaryButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import { errorMessage } from '~/lib/error-messages';
import { register } from '../api/register';
import { verifyEmail } from '../api/verify-email';
import type { VerifyEmailState } from '../verify-email-state';

export const ACCOUNT_CREATED_MESSAGE = 'Konto zostało utworzone pomyślnie!';

/** Registration step two: the 6-digit code creates the account and logs in. */
export function VerifyEmailForm({
  registration,
  onVerified,
}: {
  registration: VerifyEmailState;
  onVerified: (user: PublicUser) => void | Promise<void>;
}) {
  const [code, setCode] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const verify = useGuardedAction();
  const resend = useGuardedAction();
  const codeInput = useRef<HTMLInputElement>(null);
  const isComplete = code.length === CODE_LENGTH;

  useEffect(() => codeInput.current?.focus(), []);

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!isComplete) return;
    void verify.run(async () => {
      setFormError(null);
      setStatus(null);
      try {
        const { user } = await verifyEmail({ ...registration, code });
        setStatus(ACCOUNT_CREATED_MESSAGE);
        await onVerified(user);
      } catch (error) {
        setFormError(errorMessage('verifyEmail', error));
      }
    });
  };

  const onResend = () =>
    void resend.run(async () => {
      setFormError(null);
      setStatus(null);
      try {
        // SPEC.md §7: the registration call is also the resend.
        await register(registration);
        setStatus('Nowy kod weryfikacyjny został wysłany!');
      } catch (error) {
        setFormError(errorMessage('verifyEmailResend', error));
      }
    });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Weryfikacja email">
      <CodeField
        ref={codeInput}
        label="Kod weryfikacyjny"
        digitsOnly
        value={code}
        onChange={setCode}
      />
      <FormStatus message={status} />
      <FormError message={formError} />
      <PendingButton
        isPending={verify.isPending}
        pendingLabel="Sprawdzanie…"
        disabled={!isComplete}
        className={`w-full ${primaryButtonClass}`}
      >
        Potwierdź
      </PendingButton>
      <PendingButton
        type="button"
        isPending={resend.isPending}
        pendingLabel="Wysyłanie…"
        onClick={onResend}
        className={`w-full ${secondaryButtonClass}`}
      >
        Wyślij kod ponownie
      </PendingButton>
    </form>
  );
}
