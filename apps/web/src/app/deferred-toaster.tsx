import { lazy, Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { hasSessionHint } from '~/lib/session';
import { useToasterWanted, wantToaster } from '~/lib/toast';
import { whenIdle } from '~/lib/when-idle';

const AppToaster = lazy(() => import('./toaster'));

/**
 * The toaster (sonner), mounted only where a toast may come: once the page is
 * idle when the session hint cookie says someone may be signed in (every screen
 * that toasts is a signed-in one), or at the first toast called anywhere
 * (`~/lib/toast`). A logged-out visitor of the public pages downloads nothing
 * for it (docs/web-app.md, Performance).
 */
export function DeferredToaster() {
  const { pathname } = useLocation();
  const isWanted = useToasterWanted();
  // Asked again on every navigation: signing in on /login leads to another page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => {
    if (isWanted || !hasSessionHint()) return;
    return whenIdle(wantToaster);
  }, [pathname, isWanted]);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}
