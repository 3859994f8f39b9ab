import { useState } from 'react';
import { FormError } from '~/components/form/form-message';
import { dangerButtonClass, secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { errorMessage } from '~/lib/error-messages';
import { countOf } from '~/lib/plural';
import { toast } from '~/lib/toast';
import { type SessionItem, useRevokeSession, useSessions } from '../api/sessions';
import { lastUsedInWords } from '../lib/last-used';

export const SESSION_ENDED_MESSAGE = 'Wylogowano urządzenie';
const DEVICES = { one: 'urządzenie', few: 'urządzenia', many: 'urządzeń' };

/** „Zalogowane urządzenia”: every browser signed in to the account, with a way to sign each out. */
export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<number | 'others' | null>(null);

  const onRevoke = (target: number | 'others') => {
    if (revoke.isPending) return;
    setError(null);
    setPending(target);
    revoke.mutate(target, {
      onSuccess: (answer) => {
        const ended = 'ended' in answer && typeof answer.ended === 'number' ? answer.ended : null;
        toast.success(
          ended === null ? SESSION_ENDED_MESSAGE : `Wylogowano ${countOf(ended, DEVICES)}`,
        );
      },
      onError: (cause) => setError(errorMessage('profileSessions', cause)),
      onSettled: () => setPending(null),
    });
  };

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);

  return (
    <div className="space-y-3">
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Zalogowane urządzenia
      </h2>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Przeglądarki, w których jesteś teraz zalogowany. Jeśli którejś nie rozpoznajesz, wyloguj ją
        i zmień hasło.
      </p>
      {sessions.isPending ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">Wczytywanie…</p>
      ) : sessions.isError ? (
        <FormError message={errorMessage('profileSessions', sessions.error)} />
      ) : (
        <ul className="space-y-3">
          {list.map((session) => (
            <SessionRow
              key={session.id}
              session={session}
              isPending={pending === session.id}
              onRevoke={() => onRevoke(session.id)}
            />
          ))}
        </ul>
      )}
      {others.length > 0 ? (
        <PendingButton
          type="button"
          isPending={pending === 'others'}
          pendingLabel="Wylogowywanie…"
          onClick={() => onRevoke('others')}
          className={dangerButtonClass}
        >
          Wyloguj wszystkie pozostałe
        </PendingButton>
      ) : null}
      <FormError message={error} />
    </div>
  );
}

function SessionRow({
  session,
  isPending,
  onRevoke,
}: {
  session: SessionItem;
  isPending: boolean;
  onRevoke: () => void;
}) {
  const name = session.device || 'Nieznana przeglądarka';
  return (
    <li
      className="flex flex-col gap-3 rounded-lg border border-slate-900/10 p-4 sm:flex-row sm:items-center sm:justify-between dark:border-white/15"
      data-testid="session-row"
    >
      <div className="min-w-0 space-y-1">
        <p className="font-medium break-words text-slate-900 dark:text-white">
          {name}
          {session.current ? (
            <span className="ml-2 inline-block rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900 dark:bg-emerald-900/60 dark:text-emerald-100">
              To urządzenie
            </span>
          ) : null}
        </p>
        <p className="text-sm break-words text-slate-700 dark:text-slate-300">
          {session.ip ? `IP ${session.ip} · ` : ''}
          ostatnio używane {lastUsedInWords(session.last_used_at)}
        </p>
      </div>
      {session.current ? null : (
        <PendingButton
          type="button"
          isPending={isPending}
          pendingLabel="Wylogowywanie…"
          onClick={onRevoke}
          className={secondaryButtonClass}
          aria-label={`Wyloguj: ${name}`}
        >
          Wyloguj
        </PendingButton>
      )}
    </li>
  );
}
