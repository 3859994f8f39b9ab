import { useState } from 'react';
import { Link } from 'react-router';
import { useStaffParts } from '../hooks/use-staff-parts';
import { secondaryButtonClass } from './styles';

/*
 * The customer's page heading, or staff's compact workspace bar (issue 31): one line at
 * the top of a full-height screen, its links behind „Menu” on a narrow screen. The
 * links are the same for both; the bar only makes them smaller.
 */
const WORKSPACE_BAR =
  'relative flex shrink-0 items-center justify-between gap-2 border-b border-slate-300/80 px-2 py-1.5 dark:border-white/10';
const WORKSPACE_LINKS =
  'absolute top-full right-0 z-40 flex-col items-stretch gap-1 rounded-xl border border-slate-300 bg-white p-2 shadow-xl lg:static lg:flex lg:flex-row lg:items-center lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none dark:border-white/15 dark:bg-slate-900 lg:dark:bg-transparent *:min-h-9 *:px-3 *:py-1';

export function TicketsScreenHeader({ username, isAdmin }: { username: string; isAdmin: boolean }) {
  const [isMenuOpen, setMenuOpen] = useState(false);
  const parts = useStaffParts(isAdmin);
  return (
    <div
      className={isAdmin ? WORKSPACE_BAR : 'mb-4 flex flex-wrap items-center justify-between gap-3'}
    >
      {parts ? (
        <parts.WorkspaceBrand username={username} />
      ) : (
        <div>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Kontakt
          </h1>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            Zalogowano jako{' '}
            <span className="font-medium text-slate-900 dark:text-white">{username}</span>
          </p>
        </div>
      )}
      {parts && (
        <parts.WorkspaceMenuButton
          isOpen={isMenuOpen}
          onToggle={() => setMenuOpen((open) => !open)}
        />
      )}
      <div
        id={isAdmin ? 'workspace-links' : undefined}
        className={
          isAdmin ? `${WORKSPACE_LINKS} ${isMenuOpen ? 'flex' : 'hidden'}` : 'flex flex-wrap gap-2'
        }
      >
        {isAdmin && (
          <Link to="/contact/stats" className={secondaryButtonClass}>
            Raporty
          </Link>
        )}
        {parts && <parts.MailboxLink />}
        {parts && <parts.BusinessHoursButton />}
        {parts && <parts.TeamLink />}
        {isAdmin && (
          <Link to="/contact/status" className={secondaryButtonClass}>
            Stan systemu
          </Link>
        )}
        <Link to="/profile" className={secondaryButtonClass}>
          Profil
        </Link>
        {parts && <parts.WorkspaceSiteLinks />}
      </div>
    </div>
  );
}
