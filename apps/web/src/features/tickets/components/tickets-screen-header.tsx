import { Link } from 'react-router';
import { BusinessHoursButton } from './business-hours-dialog';
import { MailboxLink } from './mailbox-link';
import { secondaryButtonClass } from './styles';
import { TeamLink } from './team-link';

export function TicketsScreenHeader({ username, isAdmin }: { username: string; isAdmin: boolean }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <div>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          Kontakt
        </h1>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Zalogowano jako{' '}
          <span className="font-medium text-slate-900 dark:text-white">{username}</span>
          {isAdmin && ' (administrator)'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        {isAdmin && (
          <Link to="/contact/stats" className={secondaryButtonClass}>
            Raporty
          </Link>
        )}
        {isAdmin && <MailboxLink />}
        {isAdmin && <BusinessHoursButton />}
        {isAdmin && <TeamLink />}
        {isAdmin && (
          <Link to="/contact/status" className={secondaryButtonClass}>
            Stan systemu
          </Link>
        )}
        <Link to="/profile" className={secondaryButtonClass}>
          Profil
        </Link>
      </div>
    </div>
  );
}
