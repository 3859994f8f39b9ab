import type { MfaMethod } from '@studio/shared/totp';
import type { PublicUser } from '@studio/shared/types';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { PageCard } from '~/components/form/page-card';
import { pageMeta } from '~/lib/page-meta';
import { takeReturnPath, useCurrentUser, useSessionActions } from '~/lib/session';
import { isMfaRequired } from './api/login';
import { signInWithPasskey, verifyWithPasskey } from './api/passkey-sign-in';
import { LoginAppCodeForm } from './components/login-app-code-form';
import { LoginCodeForm } from './components/login-code-form';
import { LoginForm } from './components/login-form';
import { PasskeyButton } from './components/passkey-button';

export function meta() {
  return pageMeta({
    title: 'Logowanie',
    description:
      'Zaloguj się do swojego konta, aby pisać do nas w systemie zgłoszeń Kontakt i śledzić odpowiedzi zespołu.',
    path: '/login',
    noIndex: true,
  });
}

type Step =
  | { kind: 'credentials' }
  | { kind: 'code'; userId: number; rememberMe: boolean; methods: readonly MfaMethod[] };

export default function LoginRoute() {
  const [step, setStep] = useState<Step>({ kind: 'credentials' });
  const navigate = useNavigate();
  const { setUser } = useSessionActions();
  const { user } = useCurrentUser();
  const isFinishing = useRef(false);

  // Someone already logged in has nothing to do here (e.g. a bookmarked /login).
  useEffect(() => {
    if (user && !isFinishing.current) navigate('/contact', { replace: true });
  }, [user, navigate]);

  const finish = async (loggedIn: PublicUser) => {
    isFinishing.current = true;
    setUser(loggedIn);
    // Back to where the visitor was sent from, else /contact (SPEC.md §4 Login).
    await navigate(takeReturnPath(), { replace: true });
  };

  return (
    <PageCard
      title={step.kind === 'code' ? 'Weryfikacja dwuetapowa' : 'Logowanie'}
      intro={
        step.kind === 'credentials' ? 'Zaloguj się, aby korzystać z systemu zgłoszeń.' : undefined
      }
    >
      {step.kind === 'credentials' ? (
        <LoginForm
          otherWays={
            <PasskeyButton
              label="Zaloguj się kluczem dostępu"
              signIn={() => signInWithPasskey({ rememberMe: false })}
              onSignedIn={finish}
            />
          }
          onResult={async (result, input) => {
            if (isMfaRequired(result)) {
              setStep({
                kind: 'code',
                userId: result.user_id,
                rememberMe: input.rememberMe,
                methods: result.methods ?? ['email'],
              });
              return;
            }
            await finish(result.user);
          }}
        />
      ) : (
        <>
          {step.methods.includes('totp') ? (
            <LoginAppCodeForm
              userId={step.userId}
              rememberMe={step.rememberMe}
              methods={step.methods}
              onVerified={finish}
              onBack={() => setStep({ kind: 'credentials' })}
            />
          ) : (
            <LoginCodeForm
              userId={step.userId}
              rememberMe={step.rememberMe}
              onVerified={finish}
              onBack={() => setStep({ kind: 'credentials' })}
            />
          )}
          {step.methods.includes('passkey') ? (
            <div className="mt-4">
              <PasskeyButton
                label="Użyj klucza dostępu"
                signIn={() => verifyWithPasskey(step)}
                onSignedIn={finish}
              />
            </div>
          ) : null}
        </>
      )}
    </PageCard>
  );
}
