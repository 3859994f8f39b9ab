import { useEffect, useId, useState } from 'react';
import { Link, type To, useLocation } from 'react-router';
import { SITE_NAME } from '~/lib/site';
import { unreadLabel, useKnownUnreadCount } from '~/lib/unread-count';
import { ThemeToggle } from './theme-toggle';

interface NavItem {
  label: string;
  to: To;
  /** Pathname used for the active state (the link itself may carry a hash). */
  match: string;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Główna', to: '/', match: '/' },
  { label: 'Zespół', to: '/team', match: '/team' },
  { label: 'Projekty', to: '/projects', match: '/projects' },
  { label: 'Nasze Cele', to: '/roadmap', match: '/roadmap' },
  {
    label: 'Regulamin',
    to: { pathname: '/terms-and-conditions', hash: '#creator' },
    match: '/terms-and-conditions',
  },
];

function isActive(pathname: string, match: string) {
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return current === match;
}

const linkBase = 'cursor-target rounded-full px-3.5 py-2 text-sm font-medium transition-colors';
const linkIdle =
  'text-slate-700 hover:bg-slate-900/5 hover:text-slate-950 dark:text-slate-300 dark:hover:bg-white/10 dark:hover:text-white';
const linkActive =
  'bg-blue-600/10 text-blue-700 ring-1 ring-blue-600/30 dark:bg-blue-400/15 dark:text-blue-200 dark:ring-blue-300/30';

/** The unread count on a red pill; the link's name says it in words (see KontaktButton). */
function UnreadBadge({ count }: { count: number }) {
  return (
    <span
      aria-hidden="true"
      data-testid="unread-badge"
      className="inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

function KontaktButton({ onClick, className = '' }: { onClick?: () => void; className?: string }) {
  // Unread messages of a signed-in user, on every page (issue 31); 0 for everyone else.
  const unread = useKnownUnreadCount();
  return (
    <Link
      to="/contact"
      onClick={onClick}
      aria-label={unread > 0 ? `Kontakt, ${unreadLabel(unread)}` : undefined}
      className={`cursor-target inline-flex items-center justify-center gap-2 rounded-full bg-gradient-to-r from-blue-600 to-indigo-600 px-5 py-2 text-sm font-semibold text-white shadow-lg shadow-blue-600/25 transition hover:from-blue-500 hover:to-indigo-500 ${className}`}
    >
      Kontakt
      {unread > 0 && <UnreadBadge count={unread} />}
    </Link>
  );
}

/** Fixed navigation bar of every page (SPEC §2 "Navigation bar"). */
export function SiteHeader() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  const unread = useKnownUnreadCount();
  const menuId = useId();

  // A route change (from any link, or back/forward) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setOpen(false), [pathname]);

  // While the menu is open the page behind it must not scroll (SPEC §2).
  useEffect(() => {
    if (!open) return;
    const { style } = document.documentElement;
    const previous = style.overflow;
    style.overflow = 'hidden';
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      style.overflow = previous;
      document.body.style.overflow = '';
      window.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // A wide window has no toggle, so a menu left open there would lock scrolling.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia('(min-width: 768px)');
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <header className="fixed inset-x-0 top-0 z-50 border-b border-slate-900/5 bg-white/70 backdrop-blur-md dark:border-white/10 dark:bg-slate-950/55">
      <nav
        aria-label="Główna nawigacja"
        className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6"
      >
        <Link
          to="/"
          onClick={close}
          className="cursor-target bg-gradient-to-r from-blue-600 via-indigo-500 to-cyan-500 bg-clip-text text-xl font-extrabold tracking-tight text-transparent dark:from-blue-300 dark:via-indigo-300 dark:to-cyan-300"
        >
          {SITE_NAME}
        </Link>

        <ul className="hidden items-center gap-1 md:flex">
          {NAV_ITEMS.map((item) => {
            const active = isActive(pathname, item.match);
            return (
              <li key={item.match}>
                <Link
                  to={item.to}
                  aria-current={active ? 'page' : undefined}
                  className={`${linkBase} ${active ? linkActive : linkIdle}`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>

        <div className="hidden items-center gap-3 md:flex">
          <ThemeToggle />
          <KontaktButton />
        </div>

        <button
          type="button"
          className="cursor-target relative inline-flex size-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-900/5 md:hidden dark:text-slate-100 dark:hover:bg-white/10"
          aria-expanded={open}
          aria-controls={menuId}
          aria-label={open ? 'Zamknij menu' : 'Otwórz menu'}
          onClick={() => setOpen((value) => !value)}
        >
          {/* The closed menu hides the Kontakt link's badge: a dot on the toggle says there is news. */}
          {!open && unread > 0 && (
            <span
              aria-hidden="true"
              className="absolute top-1.5 right-1.5 size-2.5 rounded-full bg-red-600 ring-2 ring-white dark:ring-slate-950"
            />
          )}
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          >
            {open ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
      </nav>

      <div
        id={menuId}
        hidden={!open}
        data-mobile-menu
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-900/5 bg-white/95 px-4 pt-3 pb-6 backdrop-blur-md md:hidden dark:border-white/10 dark:bg-slate-950/95"
      >
        <nav aria-label="Menu mobilne">
          <ul className="flex flex-col gap-1">
            {NAV_ITEMS.map((item) => {
              const active = isActive(pathname, item.match);
              return (
                <li key={item.match}>
                  <Link
                    to={item.to}
                    onClick={close}
                    aria-current={active ? 'page' : undefined}
                    className={`${linkBase} block text-base ${active ? linkActive : linkIdle}`}
                  >
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="mt-4 flex items-center justify-between gap-3 border-t border-slate-900/10 pt-4 dark:border-white/10">
          <ThemeToggle />
          <KontaktButton onClick={close} className="flex-1" />
        </div>
      </div>
    </header>
  );
}
