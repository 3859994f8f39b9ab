import { type FormEvent, useState } from 'react';
import { TextField } from '~/components/form/text-field';
import { errorMessage } from '~/lib/error-messages';
import { toast } from '~/lib/toast';
import { useGrantStaffRights } from '../api/grant-staff-rights';
import { panelClass, primaryButtonClass } from '../components/styles';

/** A plain shape check before the call; the server decides whether an account has the address. */
const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * „Dodaj osobę” (issue 31): staff rights for the account with this e-mail
 * address. The person must have an account already; they get an e-mail.
 */
export function GrantStaffForm() {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const grant = useGrantStaffRights();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (grant.isPending) return;
    const typed = email.trim();
    if (!LOOKS_LIKE_EMAIL.test(typed)) {
      setError(
        typed ? 'Wpisz poprawny adres e-mail, np. ania@example.com.' : 'Wpisz adres e-mail.',
      );
      return;
    }
    setError(null);
    grant.mutate(
      { email: typed },
      {
        onSuccess: (member) => {
          toast.success(`${member.username} ma teraz uprawnienia zespołu i dostanie o tym e-mail.`);
          setEmail('');
        },
        onError: (cause) => setError(errorMessage('teamGrant', cause)),
      },
    );
  };

  return (
    <section aria-labelledby="team-grant-title" className={`${panelClass} p-4 sm:p-6`}>
      <h2 id="team-grant-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        Dodaj osobę
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Podaj adres e-mail konta tej osoby. Zobaczy wszystkie zgłoszenia i będzie mogła na nie
        odpowiadać; dostanie o tym wiadomość.
      </p>
      <form
        noValidate
        onSubmit={onSubmit}
        className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start"
      >
        <div className="min-w-0 flex-1">
          <TextField
            label="Adres e-mail"
            name="team-email"
            type="email"
            inputMode="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            error={error}
            onChange={(event) => {
              setEmail(event.target.value);
              if (error) setError(null);
            }}
          />
        </div>
        <button
          type="submit"
          disabled={grant.isPending}
          aria-busy={grant.isPending || undefined}
          className={`${primaryButtonClass} sm:mt-7`}
        >
          {grant.isPending ? 'Dodawanie…' : 'Dodaj do zespołu'}
        </button>
      </form>
    </section>
  );
}
