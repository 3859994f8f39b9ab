import { Link, useSearchParams } from 'react-router';
import { PageCard } from '~/components/form/page-card';
import { primaryButtonClass } from '~/components/form/styles';
import { pageMeta } from '~/lib/page-meta';

export function meta() {
  return pageMeta({
    title: 'Sprawdź skrzynkę',
    description:
      'Jeśli konto z tym adresem istnieje, wysłaliśmy link do resetu hasła. Link jest ważny przez godzinę.',
    path: '/forgot-password/sent',
    noIndex: true,
  });
}

export const FORGOT_PASSWORD_SENT_MESSAGE =
  'Jeśli istnieje konto z tym adresem email, wysłaliśmy link do resetu hasła.';
export const PROFILE_RESET_SENT_MESSAGE = 'Wysłano link do resetu hasła na email';

export default function ForgotPasswordSentRoute() {
  const [params] = useSearchParams();
  // Sent from the profile the address is known to exist, so the text can say so (SPEC.md §2).
  const fromProfile = params.get('source') === 'profile';

  return (
    <PageCard title="Sprawdź skrzynkę">
      <div role="status" className="space-y-3 text-base text-slate-800 dark:text-slate-200">
        <p className="font-medium">
          {fromProfile ? PROFILE_RESET_SENT_MESSAGE : FORGOT_PASSWORD_SENT_MESSAGE}
        </p>
        <p className="text-slate-700 dark:text-slate-300">
          Link jest ważny przez godzinę. Po zmianie hasła wszystkie sesje zostaną wylogowane.
        </p>
      </div>
      <Link
        to={fromProfile ? '/profile' : '/login'}
        className={`mt-6 w-full ${primaryButtonClass}`}
      >
        {fromProfile ? 'Wróć do profilu' : 'Wróć do logowania'}
      </Link>
    </PageCard>
  );
}
