import { Link, useLocation } from 'react-router';
import { rememberReturnPath } from '~/lib/session';
import { parseTicketParam } from '../lib/selection';
import { panelClass, primaryButtonClass, secondaryButtonClass } from './styles';

/** SPEC.md §2: logged-out visitors of /contact are asked to log in first. */
export function LoginPrompt() {
  const location = useLocation();
  // Login (and registration) come back here, to the ticket in the address if there is one.
  const remember = () => {
    const ticketId = parseTicketParam(new URLSearchParams(location.search).get('ticket'));
    rememberReturnPath(`${location.pathname}${location.search}`, ticketId);
  };

  return (
    <section
      aria-labelledby="contact-login-title"
      className={`${panelClass} mx-auto max-w-lg p-6 text-center sm:p-8`}
    >
      <h2 id="contact-login-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        Zaloguj się, aby napisać do nas
      </h2>
      <p className="mt-3 text-slate-700 dark:text-slate-300">
        Zgłoszenia są przypisane do konta, dzięki czemu odpowiedzi trafiają tylko do Ciebie, a całą
        rozmowę znajdziesz tu w każdej chwili.
      </p>
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <Link to="/login" onClick={remember} className={primaryButtonClass}>
          Zaloguj się
        </Link>
        <Link to="/register" onClick={remember} className={secondaryButtonClass}>
          Załóż konto
        </Link>
      </div>
    </section>
  );
}
