import type { RatingByLinkAnswer, RatingScore } from '@studio/shared/ratings';
import { RatingScoreSchema } from '@studio/shared/ratings';
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { FormError } from '~/components/form/form-message';
import { PageCard } from '~/components/form/page-card';
import { secondaryButtonClass } from '~/components/form/styles';
import { pageMeta } from '~/lib/page-meta';
import { rateByLink } from './api/rate-ticket';
import { ratingErrorMessage } from './ratings/rating-errors';
import { RatingForm } from './ratings/rating-form';
import { RATING_LABELS } from './ratings/rating-labels';

export function meta() {
  return pageMeta({
    title: 'Ocena pomocy',
    description: 'Oceń, jak nasz zespół pomógł Ci w zgłoszeniu.',
    path: '/contact/rating',
    noIndex: true,
  });
}

const MISSING_TOKEN_MESSAGE =
  'Ten link do oceny jest niepełny. Otwórz go ponownie z wiadomości e-mail albo oceń zgłoszenie w zakładce Kontakt.';

function Thanks({ answer }: { answer: RatingByLinkAnswer }) {
  return (
    <div role="status" className="space-y-4 text-slate-700 dark:text-slate-300">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">Dziękujemy za ocenę!</p>
      <p>
        Zgłoszenie „{answer.ticket.subject || `#${answer.ticket.number}`}”: Twoja ocena to{' '}
        <strong className="text-slate-900 dark:text-white">
          {RATING_LABELS[answer.rating.score]}
        </strong>
        .
      </p>
      {answer.rating.comment && <p className="whitespace-pre-wrap">„{answer.rating.comment}”</p>}
      <p>Ocenę możesz zmienić, otwierając link z e-maila jeszcze raz.</p>
      <Link to="/" className={secondaryButtonClass}>
        Strona główna
      </Link>
    </div>
  );
}

function RateByLink({ token, score }: { token: string; score: RatingScore | null }) {
  const rate = useMutation({ mutationFn: rateByLink });
  if (rate.isSuccess) return <Thanks answer={rate.data} />;
  return (
    <div className="space-y-4">
      <p className="text-slate-700 dark:text-slate-300">
        {score
          ? `Wybrano: ${RATING_LABELS[score]}. Możesz jeszcze zmienić odpowiedź i dodać komentarz — ocena zapisze się po naciśnięciu przycisku.`
          : 'Wybierz odpowiedź i, jeśli chcesz, dodaj komentarz — ocena zapisze się po naciśnięciu przycisku.'}
      </p>
      <RatingForm
        initial={{ score, comment: null }}
        submitLabel="Zapisz ocenę"
        isSaving={rate.isPending}
        error={rate.isError ? ratingErrorMessage(rate.error) : null}
        onSubmit={(choice) => rate.mutate({ token, ...choice })}
      />
    </div>
  );
}

/**
 * The page of the closing e-mail's links (DESIGN.md §7.9). Opening it records
 * nothing (mail scanners follow links); the rating is saved when the person
 * presses the button. No session is needed: the token names the ticket.
 */
export default function RatingRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const parsedScore = RatingScoreSchema.safeParse(params.get('score'));
  return (
    <PageCard title="Jak oceniasz naszą pomoc?">
      {token ? (
        <RateByLink token={token} score={parsedScore.success ? parsedScore.data : null} />
      ) : (
        <div className="space-y-4">
          <FormError message={MISSING_TOKEN_MESSAGE} />
          <Link to="/contact" className={secondaryButtonClass}>
            Przejdź do Kontaktu
          </Link>
        </div>
      )}
    </PageCard>
  );
}
