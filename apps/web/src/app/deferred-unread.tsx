import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { hasSessionHint } from '~/lib/session';
import { whenIdle } from '~/lib/when-idle';
import { isContactScreenPath } from './contact-screen-path';

const SiteUnread = lazy(() => import('~/features/tickets/site-unread'));

/**
 * The unread count on pages other than the Kontakt screen (which shows its
 * own): loaded after the page is idle and only when the session hint cookie
 * says someone may be signed in, so public pages cost a logged-out visitor
 * nothing (docs/web-app.md).
 */
export function DeferredUnread() {
  const { pathname } = useLocation();
  const [ready, setReady] = useState(false);
  // Asked again on every navigation: signing in on /login leads to another page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => {
    if (ready || !hasSessionHint()) return;
    return whenIdle(() => setReady(true));
  }, [pathname, ready]);
  if (!ready || isContactScreenPath(pathname)) return null;
  return (
    <Suspense fallback={null}>
      <SiteUnread />
    </Suspense>
  );
}
