import { Link, useSearchParams } from 'react-router';
import { FormError } from '~/components/form/form-message';
import { PageCard } from '~/components/form/page-card';
import { dangerButtonClass, linkClass, primaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { errorMessage, SCREEN_MESSAGES } from '~/lib/error-messages';
import { pageMeta } from '~/lib/page-meta';
import { useSessionActions } from '~/lib/session';
import { useLockAccount } from './api/lock-account';

export function meta() {
  return pageMeta({
    title: 'To nie ja — zablokuj konto',
    description:
      'Zablokuj konto po zmianie, której nie robiłeś: wylogujemy wszystkie urządzenia i wyłączymy logowanie hasłem do czasu jego zresetowania.',
    path: '/security/lock',
    noIndex: true,
  });
}

export const LOCK_EXPLANATION =
  'Zablokujemy konto: wylogujemy wszystkie urządzenia, usuniemy zmianę z tej wiadomości i wyłączymy logowanie hasłem do czasu jego zresetowania.';
export const LOCKED_MESSAGE =
  'Konto jest zablokowane. Wylogowaliśmy wszystkie urządzenia i usunęliśmy zmianę z wiadomości.';
const MISSING_TOKEN_MESSAGE = SCREEN_MESSAGES.lockAccount.codes?.validation_failed ?? '';

/**
 * /security/lock?token=…: the „To nie ja” link of an account-change alert.
 * Opening it only explains; the account is locked by the button (a mail
 * scanner that follows links must not lock anybody out).
 */
export default function LockAccountRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const lock = useLockAccount();
  const { clearUser } = useSessionActions();

  const onLock = () =>
    lock.mutate(
      { token },
      // Every session ended, this browser's too if it was signed in to the account.
      { onSuccess: () => clearUser() },
    );

  if (!token) {
    return (
      <PageCard title="To nie ja">
        <FormError message={MISSING_TOKEN_MESSAGE} />
        <NextSteps />
      </PageCard>
    );
  }

  if (lock.isSuccess) {
    return (
      <PageCard title="Konto zablokowane">
        <div role="status" className="space-y-3 text-slate-700 dark:text-slate-300">
          <p className="font-semibold text-slate-900 dark:text-white">{LOCKED_MESSAGE}</p>
          <p>
            Logowanie hasłem jest wyłączone do czasu jego zmiany. Ustaw nowe hasło — wyślemy link na
            adres e-mail konta — i zaloguj się nim ponownie.
          </p>
        </div>
        <p className="mt-6">
          <Link to="/forgot-password" className={primaryButtonClass}>
            Ustaw nowe hasło
          </Link>
        </p>
      </PageCard>
    );
  }

  return (
    <PageCard title="To nie ja">
      <div className="space-y-3 text-slate-700 dark:text-slate-300">
        <p>Ta zmiana nie była Twoja? Zablokuj konto, zanim ktoś zrobi coś więcej.</p>
        <p className="font-semibold text-slate-900 dark:text-white" id="lock-explanation">
          {LOCK_EXPLANATION}
        </p>
        <p>Potem ustawisz nowe hasło przez e-mail i znów się zalogujesz.</p>
      </div>
      {lock.isError ? (
        <>
          <FormError message={errorMessage('lockAccount', lock.error)} />
          <NextSteps />
        </>
      ) : (
        <PendingButton
          type="button"
          isPending={lock.isPending}
          pendingLabel="Blokowanie…"
          onClick={onLock}
          aria-describedby="lock-explanation"
          className={`mt-6 w-full ${dangerButtonClass}`}
        >
          Zablokuj konto
        </PendingButton>
      )}
    </PageCard>
  );
}

function NextSteps() {
  return (
    <p className="mt-6 text-sm text-slate-700 dark:text-slate-300">
      <Link to="/forgot-password" className={linkClass}>
        Nie pamiętasz hasła?
      </Link>{' '}
      Wyślemy link do ustawienia nowego.
    </p>
  );
}
