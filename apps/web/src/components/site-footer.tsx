import { Link } from 'react-router';
import { COMPANY } from '~/content/company';
import { CompanyDetailsList } from './company-details';

const footerLinkClass =
  'cursor-target font-medium text-slate-700 underline-offset-4 hover:underline dark:text-slate-200';

/** Every page ends with the studio's business details (content/company.ts), as the law asks. */
export function SiteFooter() {
  return (
    <footer className="relative z-10 border-t border-slate-300/70 bg-white/80 backdrop-blur-md dark:border-white/10 dark:bg-slate-950/70">
      <div className="mx-auto flex max-w-7xl flex-col gap-5 px-4 py-8 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-baseline sm:justify-between">
          <p className="font-semibold text-slate-900 dark:text-white">{COMPANY.name}</p>
          <nav aria-label="Stopka" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            <Link to="/contact" className={footerLinkClass}>
              Kontakt
            </Link>
            <Link to="/terms-and-conditions" className={footerLinkClass}>
              Regulamin i dokumenty
            </Link>
            <Link to="/terms-and-conditions#privacy" className={footerLinkClass}>
              Polityka prywatności
            </Link>
          </nav>
        </div>
        <CompanyDetailsList compact />
      </div>
    </footer>
  );
}
