import { useNavigate } from 'react-router';
import { PageCard } from '~/components/form/page-card';
import { pageMeta } from '~/lib/page-meta';
import { RegisterForm } from './components/register-form';
import type { VerifyEmailState } from './verify-email-state';

export function meta() {
  return pageMeta({
    title: 'Rejestracja',
    description:
      'Załóż konto, aby kontaktować się z naszym zespołem przez system zgłoszeń. Potwierdzisz je kodem wysłanym na email.',
    path: '/register',
    noIndex: true,
  });
}

export default function RegisterRoute() {
  const navigate = useNavigate();
  return (
    <PageCard title="Rejestracja" intro="Załóż konto. Na podany adres wyślemy kod potwierdzający.">
      <RegisterForm
        onCodeSent={async (data) => {
          // SPEC.md §2: the data travels to /verify-email in navigation state.
          const state: VerifyEmailState = data;
          await navigate('/verify-email', { state });
        }}
      />
    </PageCard>
  );
}
