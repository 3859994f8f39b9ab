import type { PublicUser } from '@studio/shared/types';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { CodeEntryForm } from '~/components/form/code-entry-form';
import { PageCard } from '~/components/form/page-card';
import { primaryButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { useCodeEntry } from '~/components/form/use-code-entry';
import { RequireUser } from '~/lib/require-user';
import { useSessionActions } from '~/lib/session';
import { toast } from '~/lib/toast';
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
  const isFinishing = useRef(false);
  const isAlreadyDone = !isFinishing.current && user.mfa_enabled === (change === 'enable');
  const entry = useCodeEntry({
    rule: 'required',
    confirm: async (code, showStatus) => {
      await confirmMfaChange(change, { code });
      isFinishing.current = true;
      toast.success(text.done);
      showStatus(text.done);
      await navigate('/profile', { replace: true });
      patchUser({ mfa_enabled: change === 'enable' });
    },
    confirmErrors: 'mfaChange',
    resend: () => resendMfaCode(change),
    resendErrors: 'mfaSend',
    resentMessage: MFA_CODE_SENT_MESSAGE,
  });

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
      <CodeEntryForm
        entry={entry}
        name={{ 'aria-label': text.title }}
        submitLabel={text.submit}
        backAction={
          <Link to="/profile" className={`flex-1 ${secondaryButtonClass}`}>
            Anuluj
          </Link>
        }
      />
    </PageCard>
  );
}
