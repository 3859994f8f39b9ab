import type { PublicUser } from '@studio/shared/types';
import { CodeEntryForm } from '~/components/form/code-entry-form';
import { useCodeEntry } from '~/components/form/use-code-entry';
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
  const entry = useCodeEntry({
    rule: 'complete',
    confirm: async (code, showStatus) => {
      const { user } = await verifyEmail({ ...registration, code });
      showStatus(ACCOUNT_CREATED_MESSAGE);
      await onVerified(user);
    },
    confirmErrors: 'verifyEmail',
    // SPEC.md §7: the registration call is also the resend.
    resend: () => register(registration),
    resendErrors: 'verifyEmailResend',
    resentMessage: 'Nowy kod weryfikacyjny został wysłany!',
  });

  return (
    <CodeEntryForm
      entry={entry}
      name={{ 'aria-label': 'Weryfikacja email' }}
      fieldLabel="Kod weryfikacyjny"
      submitLabel="Potwierdź"
    />
  );
}
