import type { PublicUser } from '@studio/shared/types';
import { CodeEntryForm } from '~/components/form/code-entry-form';
import { secondaryButtonClass } from '~/components/form/styles';
import { useCodeEntry } from '~/components/form/use-code-entry';
import { resendLoginCode, verifyLoginCode } from '../api/verify-login-code';

const CODE_SENT_MESSAGE = 'Wysłaliśmy kod na email';

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
  const entry = useCodeEntry({
    rule: 'required',
    initialStatus: CODE_SENT_MESSAGE,
    confirm: async (code) => {
      const { user } = await verifyLoginCode({ userId, code, rememberMe });
      await onVerified(user);
    },
    confirmErrors: 'loginMfa',
    resend: () => resendLoginCode({ userId }),
    resendErrors: 'mfaSend',
    resentMessage: CODE_SENT_MESSAGE,
  });

  return (
    <CodeEntryForm
      entry={entry}
      name={{ 'aria-label': 'Kod weryfikacyjny' }}
      intro={
        <p className="text-base text-slate-700 dark:text-slate-300">
          Twoje konto ma włączoną weryfikację dwuetapową. Wpisz kod, który wysłaliśmy na Twój adres
          email.
        </p>
      }
      submitLabel="Potwierdź"
      backAction={
        <button type="button" onClick={onBack} className={`flex-1 ${secondaryButtonClass}`}>
          Wróć
        </button>
      }
    />
  );
}
