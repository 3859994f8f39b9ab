import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { StaticBackdrop } from '~/components/backdrop/static-backdrop';
import { CookieNotice } from '~/components/cookie-notice';
import { SessionExpiredNotice } from '~/components/session-expired-notice';
import { SiteFooter } from '~/components/site-footer';
import { SiteHeader } from '~/components/site-header';
import { useCurrentUser } from '~/lib/session';
import { isContactScreenPath } from './contact-screen-path';
import { DeferredEffects } from './deferred-effects';
import { DeferredUnread } from './deferred-unread';

/**
 * Everything around a page: skip link, fixed header, backdrop, cursor and cookie
 * notice. Route modules render their own <main> inside the #content wrapper —
 * the shell deliberately has no <main> of its own so there is exactly one.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Staff's /contact is a workspace of its own (issue 31): full height, no site chrome.
  const { user } = useCurrentUser();
  const isStaffDesk = isContactScreenPath(pathname) && user?.is_admin === true;
  // The first page must not fade in (it would delay the largest paint); later
  // navigations get the 0.4 s page transition (SPEC §9).
  const firstPath = useRef(pathname);
  const [navigated, setNavigated] = useState(false);
  useEffect(() => {
    if (pathname !== firstPath.current) setNavigated(true);
  }, [pathname]);

  return (
    <>
      <a
        href="#content"
        className="cursor-target fixed top-3 left-3 z-[100] -translate-y-24 rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white shadow-lg transition focus:translate-y-0"
      >
        Przejdź do treści
      </a>
      <StaticBackdrop />
      <DeferredEffects />
      <DeferredUnread />
      {!isStaffDesk && <SiteHeader />}
      <SessionExpiredNotice />
      <div
        id="content"
        tabIndex={-1}
        key={pathname}
        className={`relative z-10 outline-none ${isStaffDesk ? 'h-dvh' : 'min-h-dvh'} ${navigated ? 'animate-page-in' : ''}`}
      >
        {children}
      </div>
      {!isStaffDesk && <SiteFooter />}
      <CookieNotice />
    </>
  );
}
