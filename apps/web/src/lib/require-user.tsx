import type { PublicUser } from '@studio/shared/types';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  type CurrentUserState,
  rememberReturnPath,
  useCurrentUser,
  wasDeliberateLogout,
} from './session';

/**
 * Pages that need a logged-in user. A logged-out visitor is sent to /login
 * and their place (path, query and the ticket they had open) is remembered,
 * so that login brings them back there (see `takeReturnPath`).
 */
export function useRequireUser(): CurrentUserState {
  const state = useCurrentUser();
  const location = useLocation();
  const navigate = useNavigate();
  const isLoggedOut = !state.isPending && !state.error && state.user === null;

  useEffect(() => {
    if (!isLoggedOut) return;
    if (!wasDeliberateLogout()) {
      const ticketId = new URLSearchParams(location.search).get('ticket');
      rememberReturnPath(`${location.pathname}${location.search}`, ticketId);
    }
    navigate('/login', { replace: true });
  }, [isLoggedOut, location.pathname, location.search, navigate]);

  return state;
}

export function RequireUser({
  children,
  fallback,
}: {
  children: (user: PublicUser, isStaff: boolean) => ReactNode;
  /** Shown while the session is being checked and during the redirect. */
  fallback?: ReactNode;
}) {
  const { user, isStaff, error, refetch } = useRequireUser();
  if (user) return children(user, isStaff);
  if (error) {
    return (
      <div role="alert" className="mx-auto max-w-md px-4 pt-32 text-center">
        <p className="text-slate-800 dark:text-slate-100">Nie udało się sprawdzić sesji.</p>
        <button
          type="button"
          onClick={refetch}
          className="mt-4 rounded-lg bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500"
        >
          Spróbuj ponownie
        </button>
      </div>
    );
  }
  return (
    fallback ?? (
      <output aria-live="polite" className="block px-4 pt-32 text-center text-slate-500">
        Ładowanie…
      </output>
    )
  );
}
