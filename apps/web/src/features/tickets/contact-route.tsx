import { pageMeta } from '~/lib/page-meta';
import { useCurrentUser } from '~/lib/session';
import { LoginPrompt } from './components/login-prompt';
import { secondaryButtonClass } from './components/styles';
import { TicketsScreen } from './components/tickets-screen';

export function meta() {
  return pageMeta({
    title: 'Kontakt',
    description:
      'Napisz do naszego studia: załóż zgłoszenie, dołącz zrzuty ekranu lub pliki i rozmawiaj z zespołem w jednym miejscu.',
    path: '/contact',
    noIndex: true,
  });
}

export default function ContactRoute() {
  const { user, isPending, error, refetch } = useCurrentUser();

  return (
    <main className="mx-auto w-full max-w-7xl px-3 pt-24 pb-8 sm:px-6 lg:px-8">
      {isPending ? (
        <p role="status" className="py-24 text-center text-slate-600 dark:text-slate-300">
          Ładowanie…
        </p>
      ) : user ? (
        <TicketsScreen user={user} />
      ) : error ? (
        <div role="alert" className="mx-auto max-w-md py-24 text-center">
          <p className="text-slate-800 dark:text-slate-100">
            Nie udało się sprawdzić, czy jesteś zalogowany. Sprawdź połączenie z internetem.
          </p>
          <button type="button" onClick={refetch} className={`${secondaryButtonClass} mt-4`}>
            Spróbuj ponownie
          </button>
        </div>
      ) : (
        <>
          <h1 className="mb-6 text-center text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
            Kontakt
          </h1>
          <LoginPrompt />
        </>
      )}
    </main>
  );
}
