import { Link } from 'react-router';
import { pageMeta } from '~/lib/page-meta';
import { useCurrentUser } from '~/lib/session';
import { useHydrated } from '~/lib/use-hydrated';
import { LoginPrompt } from './components/login-prompt';
import { StatsView } from './stats/stats-view';

export function meta() {
  return pageMeta({
    title: 'Statystyki Kontaktu',
    description: 'Statystyki zgłoszeń dla zespołu studia.',
    path: '/contact/stats',
    noIndex: true,
  });
}

/** What a customer sees here: the page does not exist for them (no hint that it does for staff). */
function NotFound() {
  return (
    <div className="py-24 text-center">
      <h1 className="text-6xl font-black text-slate-900 dark:text-white">
        404<span className="sr-only"> — nie znaleziono strony</span>
      </h1>
      <p className="mt-4 text-2xl font-semibold text-slate-900 dark:text-white">
        Nie znaleziono strony
      </p>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Żądana strona nie istnieje lub została przeniesiona.
      </p>
      <Link
        to="/"
        className="mt-6 inline-block font-semibold text-blue-700 underline dark:text-blue-300"
      >
        Wróć na stronę główną
      </Link>
    </div>
  );
}

/** `/contact/stats` (issue 17): staff only; customers get the not-found screen. */
export default function StatsRoute() {
  const hydrated = useHydrated();
  const { user, isPending } = useCurrentUser();
  return (
    <main className="mx-auto w-full max-w-7xl px-3 pt-24 pb-8 sm:px-6 lg:px-8">
      {!hydrated || isPending ? (
        <p role="status" className="py-24 text-center text-slate-700 dark:text-slate-300">
          Ładowanie…
        </p>
      ) : !user ? (
        <>
          <h1 className="mb-6 text-center text-3xl font-bold text-slate-900 dark:text-white">
            Statystyki Kontaktu
          </h1>
          <LoginPrompt />
        </>
      ) : user.is_admin ? (
        <StatsView />
      ) : (
        <NotFound />
      )}
    </main>
  );
}
