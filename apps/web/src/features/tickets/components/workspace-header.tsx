import { Link } from 'react-router';
import { ThemeToggle } from '~/components/theme-toggle';
import { SITE_NAME } from '~/lib/site';
import { secondaryButtonClass } from './styles';

/** The workspace bar's name (issue 31): the page's one heading, and who is signed in. */
export function WorkspaceBrand({ username }: { username: string }) {
  return (
    <div className="flex min-w-0 items-baseline gap-2">
      <h1 className="text-lg font-bold tracking-tight text-slate-900 dark:text-white">Kontakt</h1>
      <p className="truncate text-xs text-slate-600 dark:text-slate-300">
        <span className="sr-only">Zalogowano jako </span>
        {username}
      </p>
    </div>
  );
}

/** Opens the bar's links on a narrow screen; a wide one shows them in the bar. */
export function WorkspaceMenuButton({
  isOpen,
  onToggle,
}: {
  isOpen: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      aria-expanded={isOpen}
      aria-controls="workspace-links"
      onClick={onToggle}
      className={`${secondaryButtonClass} ml-auto min-h-9 px-3 py-1 lg:hidden`}
    >
      Menu
    </button>
  );
}

/**
 * The way out of the workspace, which has no site navigation of its own, and the
 * theme switch the site's header would have held.
 */
export function WorkspaceSiteLinks() {
  return (
    <>
      <Link to="/" className={secondaryButtonClass}>
        Strona {SITE_NAME}
      </Link>
      <ThemeToggle className="size-9 self-center" />
    </>
  );
}
