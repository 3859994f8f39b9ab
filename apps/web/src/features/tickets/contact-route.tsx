import type { PublicUser } from '@studio/shared/types';
import { lazy, memo, Suspense } from 'react';
import { pageMeta } from '~/lib/page-meta';
import { hasSessionHint, useCurrentUser, useServerState } from '~/lib/session';
import { useHydrated } from '~/lib/use-hydrated';
import { InquiryForm } from './components/inquiry-form';
import { LoginPrompt } from './components/login-prompt';
import { StudioDetails } from './components/studio-details';
import { secondaryButtonClass } from './components/styles';
import { ScreenMain } from './lib/until-hydrated';

// The tickets screen is most of this page's code and only logged-in visitors see
// it: the public, prerendered view (the login prompt) does not wait for it.
const loadTicketsScreen = () =>
  import('./components/tickets-screen').then((m) => ({ default: m.TicketsScreen }));
const TicketsScreen = lazy(loadTicketsScreen);
// A visitor who may be logged in fetches it while the session is being checked.
if (typeof document !== 'undefined' && hasSessionHint()) void loadTicketsScreen();

export function meta() {
  // The logged-out view is a public page (how to reach us): it may be indexed.
  return pageMeta({
    title: 'Kontakt',
    description:
      'Napisz do naszego studia: załóż zgłoszenie, dołącz zrzuty ekranu lub pliki i rozmawiaj z zespołem w jednym miejscu.',
    path: '/contact',
  });
}

const loading = (
  <p role="status" className="py-24 text-center text-slate-600 dark:text-slate-300">
    Ładowanie…
  </p>
);

/**
 * The screen behind its boundary, re-rendered only for another user. A
 * server-rendered screen stays dehydrated until its chunk has come; an update
 * reaching the boundary before then (this route renders again right after
 * hydration, useHydrated) would make React drop the server's HTML for the
 * fallback and render the screen in the browser.
 */
const SignedInScreen = memo(function SignedInScreen({ user }: { user: PublicUser }) {
  return (
    <Suspense fallback={loading}>
      <TicketsScreen user={user} />
    </Suspense>
  );
});

function LoggedOutView({ className }: { className?: string }) {
  return (
    <div className={className}>
      <h1 className="mb-6 text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
        Kontakt
      </h1>
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <LoginPrompt />
          <StudioDetails />
        </div>
        <InquiryForm />
      </div>
    </div>
  );
}

export default function ContactRoute() {
  // The server renders the signed-in screen itself (issue 34): the page then starts from its state.
  const isServerRendered = useServerState() !== null;
  const hydrated = useHydrated() || isServerRendered;
  const { user, isPending, error, refetch } = useCurrentUser();

  // Staff work in a full-height workspace without the site's header (issue 31, app-shell.tsx).
  const isStaffDesk = hydrated && user?.is_admin === true;
  // Staff's own parts of the screen are fetched beside the screen's chunk, not after it
  // (through the hook's small chunk, which the public view then does not carry).
  if (isStaffDesk) void import('./hooks/use-staff-parts').then((m) => m.loadStaffParts());
  return (
    <ScreenMain
      className={
        isStaffDesk
          ? 'flex h-dvh w-full flex-col overflow-hidden'
          : 'mx-auto w-full max-w-7xl px-3 pt-24 pb-8 sm:px-6 lg:px-8'
      }
      // The server's HTML of the screen takes no input until the screen has hydrated.
      inertUntilHydrated={isServerRendered}
    >
      {!hydrated ? (
        // The prerendered HTML is the logged-out view. With the session hint
        // cookie, root.tsx marks <html> `signed-in` before the first paint and this
        // shows the loading state instead, so a logged-in visitor never sees the
        // login prompt flash; the next render shows the real state.
        <>
          <LoggedOutView className="signed-in:hidden" />
          <p
            aria-hidden="true"
            className="hidden py-24 text-center text-slate-600 signed-in:block dark:text-slate-300"
          >
            Ładowanie…
          </p>
        </>
      ) : isPending ? (
        loading
      ) : user ? (
        <SignedInScreen user={user} />
      ) : error ? (
        <div role="alert" className="mx-auto max-w-md py-24 text-center">
          <p className="text-slate-800 dark:text-slate-100">
            Nie udało się sprawdzić, czy jesteś zalogowany. Sprawdź połączenie z internetem.
          </p>
          <button type="button" onClick={refetch} className={`${secondaryButtonClass} mt-4`}>
            Spróbuj ponownie
          </button>
        </div>
      ) : (
        <LoggedOutView />
      )}
    </ScreenMain>
  );
}
