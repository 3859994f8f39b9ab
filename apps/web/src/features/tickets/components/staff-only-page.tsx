import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '~/lib/session';
import { useHydrated } from '~/lib/use-hydrated';
import { LoginPrompt } from './login-prompt';

/** What a customer sees on a staff page: the page does not exist for them (no hint that it does for staff). */
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

/**
 * A page of the workspace for staff only (/contact/stats, /contact/mailbox):
 * a visitor is asked to sign in, a customer gets the not-found screen, and
 * `children` render (and ask the API) only for an admin.
 */
export function StaffOnlyPage({ title, children }: { title: string; children: ReactNode }) {
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
            {title}
          </h1>
          <LoginPrompt />
        </>
      ) : user.is_admin ? (
        children
      ) : (
        <NotFound />
      )}
    </main>
  );
}
