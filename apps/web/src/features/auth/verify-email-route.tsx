import { useLocation, useNavigate } from 'react-router';
import { DeadEndPage } from '~/components/form/form-links';
import { PageCard } from '~/components/form/page-card';
import { pageMeta } from '~/lib/page-meta';
import { takeReturnPath, useSessionActions } from '~/lib/session';
import { toast } from '~/lib/toast';
import { ACCOUNT_CREATED_MESSAGE, VerifyEmailForm } from './components/verify-email-form';
import { readVerifyEmailState } from './verify-email-state';

export function meta() {
  return pageMeta({
    title: 'Weryfikacja email',
    description:
      'Potwierdź adres email kodem, który do Ciebie wysłaliśmy, aby dokończyć zakładanie konta.',
    path: '/verify-email',
    noIndex: true,
  });
}

export const MISSING_STATE_MESSAGE =
  'Brak danych rejestracji. Proszę rozpocząć rejestrację ponownie.';

export default function VerifyEmailRoute() {
  const location = useLocation();
  const navigate = useNavigate();
  const { setUser } = useSessionActions();
  const registration = readVerifyEmailState(location.state);

  if (!registration) {
    return (
      <DeadEndPage
        title="Weryfikacja email"
        message={MISSING_STATE_MESSAGE}
        to="/register"
        linkLabel="Przejdź do rejestracji"
      />
    );
  }

  return (
    <PageCard
      title="Weryfikacja email"
      intro={
        <>
          Wpisz 6-cyfrowy kod, który wysłaliśmy na adres{' '}
          <strong className="break-all text-slate-900 dark:text-white">{registration.email}</strong>
          .
        </>
      }
    >
      <VerifyEmailForm
        registration={registration}
        onVerified={async (user) => {
          setUser(user);
          toast.success(ACCOUNT_CREATED_MESSAGE);
          // Replacing this history entry also drops the password kept in its state.
          await navigate(takeReturnPath(), { replace: true });
        }}
      />
    </PageCard>
  );
}
