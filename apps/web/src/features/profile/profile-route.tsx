import type { PublicUser } from '@studio/shared/types';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EMAIL_CHANGE_ANCHOR, EmailBouncingBanner } from '~/components/email-bouncing-banner';
import { FormError } from '~/components/form/form-message';
import { PageCard } from '~/components/form/page-card';
import { dangerButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import { errorMessage } from '~/lib/error-messages';
import { pageMeta } from '~/lib/page-meta';
import { RequireUser } from '~/lib/require-user';
import { secondFactorsSummary } from '~/lib/second-factors';
import { clearReturnPath, endSessionOnPurpose, useSessionActions } from '~/lib/session';
import { toast } from '~/lib/toast';
import { logout } from './api/logout';
import { requestMfaCode } from './api/mfa-change';
import { requestPasswordReset } from './api/request-password-reset';
import { useSecurityStatus } from './api/security-status';
import { ChangeEmailForm } from './components/change-email-form';
import { ChangePasswordForm } from './components/change-password-form';
import { DeleteAccountSection } from './components/delete-account-section';
import { ExportDataSection } from './components/export-data-section';
import { NotificationsForm } from './components/notifications-form';
import { PasskeysSection } from './components/passkeys-section';
import { PushSection } from './components/push-section';
import { ReplySignatureSection } from './components/reply-signature-section';
import { SessionsSection } from './components/sessions-section';
import { StaffNotificationsSection } from './components/staff-notifications-section';
import { TotpSection } from './components/totp-section';
import { UsernameForm } from './components/username-form';
import { ReauthProvider } from './reauth/reauth-provider';

export function meta() {
  return pageMeta({
    title: 'Profil',
    description:
      'Twoje konto: nazwa użytkownika, reset hasła, weryfikacja dwuetapowa, pobranie Twoich danych i usunięcie konta.',
    path: '/profile',
    noIndex: true,
  });
}

export const RESET_LINK_SENT_MESSAGE = 'Wysłano link do resetu hasła na email';
export const MFA_CODE_SENT_MESSAGE = 'Wysłaliśmy kod na email';

const sectionClass = 'border-t border-slate-900/10 pt-6 dark:border-white/10';

export default function ProfileRoute() {
  return (
    <RequireUser>
      {(user) => (
        // Adding or removing a way to sign in may ask for the password first (DESIGN.md §7.7).
        <ReauthProvider>
          <Profile user={user} />
        </ReauthProvider>
      )}
    </RequireUser>
  );
}

function Profile({ user }: { user: PublicUser }) {
  const navigate = useNavigate();
  const { clearUser } = useSessionActions();
  const logoutAction = useGuardedAction();
  const resetAction = useGuardedAction();
  const mfaAction = useGuardedAction();
  const [logoutError, setLogoutError] = useState<string | null>(null);
  const [resetError, setResetError] = useState<string | null>(null);
  const [mfaError, setMfaError] = useState<string | null>(null);
  const security = useSecurityStatus();
  // Every factor that is on, by name. E-mail codes come from the user, which the
  // /profile/mfa pages update at once; the rest from the server's summary.
  const secondFactors = {
    totp: false,
    passkeys: 0,
    ...security.data?.second_factors,
    email_codes: user.mfa_enabled,
  };

  const onBack = () => {
    // SPEC.md §2: 'Wróć' forgets where login would have returned to.
    clearReturnPath();
    void navigate('/contact');
  };

  const onLogout = () =>
    void logoutAction.run(async () => {
      setLogoutError(null);
      try {
        await endSessionOnPurpose(logout);
      } catch (error) {
        setLogoutError(errorMessage('profile', error));
        return;
      }
      // Deliberate: the guard on this page must not remember /profile for the next login.
      clearUser({ deliberate: true });
      clearReturnPath();
      await navigate('/login', { replace: true });
    });

  const onResetPassword = () =>
    void resetAction.run(async () => {
      setResetError(null);
      if (!user.email) {
        setResetError('Brak adresu email');
        return;
      }
      try {
        await requestPasswordReset({ email: user.email });
        toast.success(RESET_LINK_SENT_MESSAGE);
        await navigate('/forgot-password/sent?source=profile');
      } catch (error) {
        setResetError(errorMessage('profilePasswordReset', error));
      }
    });

  const change = user.mfa_enabled ? 'disable' : 'enable';
  const onMfa = () =>
    void mfaAction.run(async () => {
      setMfaError(null);
      try {
        await requestMfaCode(change);
        toast.success(MFA_CODE_SENT_MESSAGE);
        await navigate(`/profile/mfa/${change}`);
      } catch (error) {
        setMfaError(errorMessage('mfaSend', error));
      }
    });

  return (
    <PageCard title="Profil" wide>
      <div className="space-y-6">
        <EmailBouncingBanner user={user} isOnProfile />
        <dl className="grid gap-x-6 gap-y-3 text-base sm:grid-cols-[max-content_1fr]">
          <dt className="font-medium text-slate-600 dark:text-slate-400">Nazwa użytkownika</dt>
          <dd
            className="break-all font-semibold text-slate-900 dark:text-white"
            data-testid="profile-username"
          >
            {user.username}
            {user.is_admin ? (
              <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/20 dark:text-amber-200">
                Administrator
              </span>
            ) : null}
          </dd>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Email</dt>
          <dd className="break-all text-slate-900 dark:text-white">{user.email || '—'}</dd>
          <dt className="font-medium text-slate-600 dark:text-slate-400">Weryfikacja dwuetapowa</dt>
          <dd className="text-slate-900 dark:text-white" data-testid="profile-second-factors">
            {secondFactorsSummary(secondFactors)}
          </dd>
        </dl>

        <section className={sectionClass}>
          <UsernameForm currentUsername={user.username} />
        </section>

        <section className={`${sectionClass} space-y-3`} aria-labelledby="password-heading">
          <h2
            id="password-heading"
            className="text-lg font-semibold text-slate-900 dark:text-white"
          >
            Hasło
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Wyślemy na Twój adres email link do ustawienia nowego hasła. Po zmianie hasła wszystkie
            sesje zostaną wylogowane.
          </p>
          <PendingButton
            type="button"
            isPending={resetAction.isPending}
            pendingLabel="Wysyłanie…"
            onClick={onResetPassword}
            className={secondaryButtonClass}
          >
            Wyślij link do resetu hasła
          </PendingButton>
          <FormError message={resetError} />
        </section>

        <section className={sectionClass}>
          <ChangePasswordForm />
        </section>

        <section id={EMAIL_CHANGE_ANCHOR} className={sectionClass}>
          <ChangeEmailForm currentEmail={user.email} />
        </section>

        <section id="sessions" className={sectionClass} aria-labelledby="sessions-heading">
          <SessionsSection />
        </section>

        <section className={`${sectionClass} space-y-3`} aria-labelledby="mfa-heading">
          <h2 id="mfa-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
            Weryfikacja dwuetapowa (2FA)
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {user.mfa_enabled
              ? 'Przy logowaniu prosimy o kod wysłany na Twój email. Aby wyłączyć 2FA, potwierdź to kodem.'
              : 'Po włączeniu przy każdym logowaniu poprosimy o kod wysłany na Twój email.'}
          </p>
          <PendingButton
            type="button"
            isPending={mfaAction.isPending}
            pendingLabel="Wysyłanie kodu…"
            onClick={onMfa}
            className={user.mfa_enabled ? dangerButtonClass : secondaryButtonClass}
          >
            {user.mfa_enabled ? 'Wyłącz 2FA' : 'Włącz 2FA'}
          </PendingButton>
          <FormError message={mfaError} />
        </section>

        <section className={sectionClass} aria-labelledby="totp-heading">
          <TotpSection />
        </section>

        <section className={sectionClass} aria-labelledby="passkeys-heading">
          <PasskeysSection />
        </section>

        <section className={sectionClass} aria-labelledby="notifications-heading">
          <NotificationsForm />
        </section>

        {user.is_admin && (
          <section className={sectionClass}>
            <ReplySignatureSection />
          </section>
        )}

        {user.is_admin && (
          <section className={sectionClass}>
            <StaffNotificationsSection />
          </section>
        )}

        <section id="push" className={sectionClass} aria-labelledby="push-heading">
          <PushSection />
        </section>

        <section className={sectionClass} aria-labelledby="export-heading">
          <ExportDataSection />
        </section>

        <section className={sectionClass} aria-labelledby="delete-account-heading">
          <DeleteAccountSection email={user.email} />
        </section>

        <div className={`${sectionClass} flex flex-col gap-3 sm:flex-row sm:justify-between`}>
          <button type="button" onClick={onBack} className={secondaryButtonClass}>
            Wróć
          </button>
          <PendingButton
            type="button"
            isPending={logoutAction.isPending}
            pendingLabel="Wylogowywanie…"
            onClick={onLogout}
            className={dangerButtonClass}
          >
            Wyloguj się
          </PendingButton>
        </div>
        <FormError message={logoutError} />
      </div>
    </PageCard>
  );
}
