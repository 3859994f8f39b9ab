import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import {
  rememberReturnPath,
  SESSION_EXPIRED_MESSAGE,
  SESSION_EXPIRED_QUERY_KEY,
  useSessionExpiryWatch,
} from '~/lib/session';

/**
 * „Twoja sesja wygasła — zaloguj się ponownie” (issue 28), on whatever page
 * the visitor is when a call finds the session gone. The link signs in and
 * comes back here; what they were typing is kept as a draft meanwhile.
 */
export function SessionExpiredNotice() {
  const isExpired = useSessionExpiryWatch();
  const queryClient = useQueryClient();
  const location = useLocation();
  if (!isExpired) return null;
  const onLoginPage = location.pathname === '/login';
  return (
    <div
      role="alert"
      className="fixed inset-x-3 bottom-3 z-[70] mx-auto flex max-w-xl flex-wrap items-center gap-x-4 gap-y-2 rounded-2xl border border-amber-600/50 bg-amber-50 px-4 py-3 text-amber-950 shadow-2xl dark:border-amber-400/40 dark:bg-slate-900 dark:text-amber-100"
    >
      <p className="min-w-0 flex-1 font-semibold">{SESSION_EXPIRED_MESSAGE}</p>
      <div className="flex items-center gap-2">
        {onLoginPage ? null : (
          <Link
            to="/login"
            onClick={() => {
              const ticket = new URLSearchParams(location.search).get('ticket');
              rememberReturnPath(`${location.pathname}${location.search}`, ticket);
            }}
            className="cursor-target inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-600 dark:bg-blue-600 dark:hover:bg-blue-500"
          >
            Zaloguj się
          </Link>
        )}
        <button
          type="button"
          onClick={() => queryClient.setQueryData(SESSION_EXPIRED_QUERY_KEY, false)}
          className="cursor-target inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-medium underline underline-offset-4"
        >
          Zamknij
        </button>
      </div>
    </div>
  );
}
