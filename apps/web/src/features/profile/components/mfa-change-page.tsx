import type { PublicUser } from '@studio/shared/types';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { CodeField } from '~/components/form/code-field';
import { FormError, FormStatus } from '~/components/form/form-message';
import { PageCard } from '~/components/form/page-card';
import { primaryButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import { REQUIRED_MESSAGE } from '~/lib/account-validation';
import { errorMessage } from '~/lib/error-messages';
import { RequireUser } from '~/lib/require-user';
import { useSessionActions } from '~/lib/session';
import { confirmMfaChange, type MfaChange, resendMfaCode } from '../api/mfa-change';

const TEXT = {
  enable: {
    title: 'Włącz weryfikację dwuetapową',
    done: 'Włączono 2FA',
    already: 'Weryfikacja dwuetapowa jest już włączona.',
    submit: 'Włącz 2FA',
  },
  disable: {
    title: 'Wyłącz weryfikację dwuetapową',
    done: 'Wyłączono 2FA',
    already: 'Weryfikacja dwuetapowa jest już wyłączona.',
    submit: 'Wyłącz 2FA',
  },
} as const;

export const MFA_CODE_SENT_MESSAGE = 'Wysłaliśmy kod na email';

/** /profile/mfa/enable and /profile/mfa/disable: confirm the change with the e-mailed code. */
export function MfaChangePage({ change }: { change: MfaChange }) {
  return <RequireUser>{(user) => <MfaChangeForm change={change} user={user} />}</RequireUser>;
}

function MfaChangeForm({ change, user }: { change: MfaChange; user: PublicUser }) {
  const text = TEXT[change];
  const navigate = useNavigate();
  const { patchUser } = useSessionActions();
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const confirm = useGuardedAction();
  const resend = useGuardedAction();
  const isFinishing = useRef(false);
  const codeInput = useRef<HTMLInputElement>(null);
  const isAlreadyDone = !isFinishing.current && user.mfa_enabled === (change === 'enable');

  useEffect(() => codeInput.current?.focus(), []);

  if (isAlreadyDone) {
    return (
      <PageCard title={text.title}>
        <p role="status" className="text-base text-slate-800 dark:text-slate-200">
          {text.already}
        </p>
        <Link to="/profile" className={`mt-6 w-full ${primaryButtonClass}`}>
          Wróć do profilu
        </Link>
      </PageCard>
    );
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) {
      setFieldError(REQUIRED_MESSAGE);
      return;
    }
    setFieldError(null);
    void confirm.run(async () => {
      setFormError(null);
      setStatus(null);
      try {
        await confirmMfaChange(change, { code: code.trim() });
      } catch (error) {
        setFormError(errorMessage('mfaChange', error));
        return;
      }
      isFinishing.current = true;
      toast.success(text.done);
      setStatus(text.done);
      await navigate('/profile', { replace: true });
      patchUser({ mfa_enabled: change === 'enable' });
    });
  };

  const onResend = () =>
    void resend.run(async () => {
      setFormError(null);
      setStatus(null);
      try {
        await resendMfaCode(change);
        setStatus(MFA_CODE_SENT_MESSAGE);
      } catch (error) {
        setFormError(errorMessage('mfaSend', error));
      }
    });

  return (
    <PageCard
      title={text.title}
      intro={
        <>
          Wpisz kod, który wysłaliśmy na adres{' '}
          <strong className="break-all text-slate-900 dark:text-white">{user.email}</strong>.
        </>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label={text.title}>
        <CodeField ref={codeInput} value={code} onChange={setCode} error={fieldError} />
        <FormStatus message={status} />
        <FormError message={formError} />
        <PendingButton
          isPending={confirm.isPending}
          pendingLabel="Sprawdzanie…"
          className={`w-full ${primaryButtonClass}`}
        >
          {text.submit}
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
          <Link to="/profile" className={`flex-1 ${secondaryButtonClass}`}>
            Anuluj
          </Link>
        </div>
      </form>
    </PageCard>
  );
}
