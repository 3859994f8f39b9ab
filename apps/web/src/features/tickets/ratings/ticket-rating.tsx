import type { TicketRating as Rating } from '@studio/shared/ratings';
import { useState } from 'react';
import { FormStatus } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { useRateTicket, useTicketRating } from '../api/rate-ticket';
import { formatFullDateTime } from '../lib/format';
import { ratingErrorMessage } from './rating-errors';
import { type RatingChoice, RatingForm } from './rating-form';
import { RATING_LABELS } from './rating-labels';

function GivenRating({ rating, onChange }: { rating: Rating; onChange: () => void }) {
  return (
    <div className="flex flex-col gap-2" data-testid="given-rating">
      <p className="text-base text-slate-900 dark:text-white">
        Twoja ocena: <strong>{RATING_LABELS[rating.score]}</strong>
      </p>
      {rating.comment && (
        <p className="whitespace-pre-wrap text-sm text-slate-700 dark:text-slate-300">
          „{rating.comment}”
        </p>
      )}
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Oceniono {formatFullDateTime(rating.rated_at)}. Dziękujemy!
      </p>
      <div>
        <button type="button" onClick={onChange} className={`${secondaryButtonClass} min-h-10`}>
          Zmień ocenę
        </button>
      </div>
    </div>
  );
}

/**
 * Under a closed thread, for its owner: „Jak oceniasz naszą pomoc?”, or the
 * rating given, which can be changed (DESIGN.md §7.9).
 */
export function CustomerTicketRating({ ticketId }: { ticketId: number }) {
  const rating = useTicketRating(ticketId, true);
  const rate = useRateTicket(ticketId);
  const [isChanging, setChanging] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = (choice: RatingChoice) =>
    rate.mutate(choice, {
      onSuccess: () => {
        setChanging(false);
        setSaved(true);
      },
    });
  return (
    <section
      aria-label="Ocena pomocy"
      className="border-t border-slate-200 px-4 py-4 dark:border-white/10"
    >
      {rating.isPending ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Wczytywanie oceny…
        </p>
      ) : rating.isError ? (
        <p role="alert" className="text-sm text-red-800 dark:text-red-200">
          Nie udało się wczytać oceny.{' '}
          <button type="button" className="underline" onClick={() => void rating.refetch()}>
            Spróbuj ponownie
          </button>
        </p>
      ) : rating.data && !isChanging ? (
        <>
          <GivenRating
            rating={rating.data}
            onChange={() => {
              setSaved(false);
              setChanging(true);
            }}
          />
          <FormStatus message={saved ? 'Zapisaliśmy Twoją ocenę.' : null} />
        </>
      ) : (
        <RatingForm
          initial={rating.data ?? undefined}
          submitLabel={rating.data ? 'Zapisz nową ocenę' : 'Wyślij ocenę'}
          isSaving={rate.isPending}
          error={rate.isError ? ratingErrorMessage(rate.error) : null}
          onSubmit={save}
        />
      )}
    </section>
  );
}

/** In the staff thread header of a closed ticket: the customer's rating, read-only. */
export function StaffTicketRating({ ticketId }: { ticketId: number }) {
  const rating = useTicketRating(ticketId, true);
  if (rating.isPending) return null;
  if (rating.isError) {
    return <p className="text-xs text-red-800 dark:text-red-200">Nie udało się wczytać oceny.</p>;
  }
  if (!rating.data) {
    return (
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Klient jeszcze nie ocenił pomocy.
      </p>
    );
  }
  return (
    <p className="text-xs text-slate-700 dark:text-slate-300" data-testid="staff-rating">
      Ocena klienta:{' '}
      <strong className="text-slate-900 dark:text-white">{RATING_LABELS[rating.data.score]}</strong>
      {rating.data.comment && <> — „{rating.data.comment}”</>}
    </p>
  );
}
