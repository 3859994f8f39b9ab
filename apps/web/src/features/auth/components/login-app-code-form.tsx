import type { MfaMethod } from '@studio/shared/totp';
import type { PublicUser } from '@studio/shared/types';
import { useState } from 'react';
import { CodeEntryForm, ResendCodeButton } from '~/components/form/code-entry-form';
import { secondaryButtonClass } from '~/components/form/styles';
import { useCodeEntry } from '~/components/form/use-code-entry';
import { sendLoginCodeByEmail, verifyLoginCode } from '../api/verify-login-code';
import { LoginCodeForm } from './login-code-form';

type Mode = 'totp' | 'recovery' | 'email';

/**
 * Step two of a login with the authenticator app on: the app's code, or a
 * recovery code („Użyj kodu zapasowego”), or, when e-mail codes are on too,
 * a code sent on request („Wyślij kod e-mailem”), which hands over to the
 * e-mailed-code form of before.
 */
export function LoginAppCodeForm({
  userId,
  rememberMe,
  methods,
  onVerified,
  onBack,
}: {
  userId: number;
  rememberMe: boolean;
  methods: readonly MfaMethod[];
  onVerified: (user: PublicUser) => void | Promise<void>;
  onBack: () => void;
}) {
  const [mode, setMode] = useState<Mode>('totp');
  if (mode === 'email') {
    return (
      <LoginCodeForm
        userId={userId}
        rememberMe={rememberMe}
        onVerified={onVerified}
        onBack={() => setMode('totp')}
      />
    );
  }
  return (
    // Keyed: switching between the app and a recovery code starts with an empty field.
    <AppOrRecoveryCode
      key={mode}
      mode={mode}
      userId={userId}
      rememberMe={rememberMe}
      canEmail={methods.includes('email')}
      onVerified={onVerified}
      onMode={setMode}
      onBack={onBack}
    />
  );
}

function AppOrRecoveryCode({
  mode,
  userId,
  rememberMe,
  canEmail,
  onVerified,
  onMode,
  onBack,
}: {
  mode: 'totp' | 'recovery';
  userId: number;
  rememberMe: boolean;
  canEmail: boolean;
  onVerified: (user: PublicUser) => void | Promise<void>;
  onMode: (mode: Mode) => void;
  onBack: () => void;
}) {
  const isApp = mode === 'totp';
  const entry = useCodeEntry({
    rule: 'required',
    confirm: async (code) => {
      const { user } = await verifyLoginCode({ userId, code, rememberMe, method: mode });
      await onVerified(user);
    },
    confirmErrors: 'loginMfa',
    resend: async () => {
      await sendLoginCodeByEmail({ userId });
      onMode('email');
    },
    resendErrors: 'mfaSend',
    resentMessage: 'Wysłaliśmy kod na email',
  });

  return (
    <CodeEntryForm
      entry={entry}
      name={{ 'aria-label': isApp ? 'Logowanie kodem z aplikacji' : 'Logowanie kodem zapasowym' }}
      fieldLabel={isApp ? 'Kod z aplikacji' : 'Kod zapasowy'}
      fieldInputMode={isApp ? 'numeric' : 'text'}
      intro={
        <p className="text-base text-slate-700 dark:text-slate-300">
          {isApp
            ? 'Wpisz 6-cyfrowy kod z aplikacji uwierzytelniającej.'
            : 'Wpisz jeden z kodów zapasowych zapisanych przy włączaniu aplikacji. Każdy działa tylko raz.'}
        </p>
      }
      submitLabel="Potwierdź"
      actions={
        <div className="flex flex-col gap-3">
          <button
            type="button"
            onClick={() => onMode(isApp ? 'recovery' : 'totp')}
            className={`w-full ${secondaryButtonClass}`}
          >
            {isApp ? 'Użyj kodu zapasowego' : 'Użyj kodu z aplikacji'}
          </button>
          {canEmail ? (
            <ResendCodeButton
              entry={entry}
              label="Wyślij kod e-mailem"
              className={`w-full ${secondaryButtonClass}`}
            />
          ) : null}
          <button type="button" onClick={onBack} className={`w-full ${secondaryButtonClass}`}>
            Wróć
          </button>
        </div>
      }
    />
  );
}
