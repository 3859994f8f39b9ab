import { Link, useSearchParams } from 'react-router';
import { FormError } from '~/components/form/form-message';
import { PageCard } from '~/components/form/page-card';
import { linkClass, primaryButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { SCREEN_MESSAGES } from '~/lib/error-messages';
import { pageMeta } from '~/lib/page-meta';
import { useInquiryConfirmation } from './hooks/use-inquiry-confirmation';

export function meta() {
  return pageMeta({
    title: 'Potwierdzenie wiadomości',
    description: 'Potwierdź wiadomość wysłaną bez konta, aby trafiła do zespołu naszego studia.',
    path: '/contact/confirm',
    noIndex: true,
  });
}

const MISSING_TOKEN_MESSAGE = SCREEN_MESSAGES.inquiryConfirm.codes?.validation_failed ?? '';

function Confirming({ token }: { token: string }) {
  const result = useInquiryConfirmation(token);
  if (result.state === 'pending') {
    return (
      <p role="status" className="text-slate-700 dark:text-slate-300">
        Potwierdzamy wiadomość…
      </p>
    );
  }
  if (result.state === 'failed') return <Failed message={result.message} />;
  return (
    <div role="status" className="space-y-4 text-slate-700 dark:text-slate-300">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">
        Dziękujemy, wiadomość trafiła do naszego zespołu.
      </p>
      <p>Odpowiedzi wyślemy na Twój adres e-mail.</p>
      <p>
        Chcesz widzieć całą rozmowę i odpisywać na bieżąco?{' '}
        <strong className="text-slate-900 dark:text-white">
          Załóż konto z tym samym adresem e-mail
        </strong>{' '}
        — zgłoszenie będzie czekać w zakładce{' '}
        <Link to={`/contact?ticket=${result.ticketId}`} className={linkClass}>
          Kontakt
        </Link>
        .
      </p>
      <div className="flex flex-col gap-3 pt-2 sm:flex-row">
        <Link to="/register" className={primaryButtonClass}>
          Załóż konto
        </Link>
        <Link to="/" className={secondaryButtonClass}>
          Strona główna
        </Link>
      </div>
    </div>
  );
}

function Failed({ message }: { message: string }) {
  return (
    <div className="space-y-4">
      <FormError message={message} />
      <Link to="/contact" className={secondaryButtonClass}>
        Napisz do nas ponownie
      </Link>
    </div>
  );
}

/** The page of the e-mailed link (DESIGN.md §7.6): the inquiry becomes a ticket. */
export default function ContactConfirmRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <PageCard title="Potwierdzenie wiadomości">
      {token ? <Confirming token={token} /> : <Failed message={MISSING_TOKEN_MESSAGE} />}
    </PageCard>
  );
}
