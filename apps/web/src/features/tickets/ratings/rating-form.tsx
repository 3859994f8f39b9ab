import { RATING_COMMENT_MAX, type RatingScore } from '@studio/shared/ratings';
import { useId, useState } from 'react';
import { FormError } from '~/components/form/form-message';
import { inputClass, primaryButtonClass } from '~/components/form/styles';
import { RATING_LABELS, RATING_QUESTION, RATING_SCORES } from './rating-labels';

export interface RatingChoice {
  score: RatingScore;
  comment: string;
}

interface RatingFormProps {
  /** Preselected: the earlier rating, or the choice made in the e-mail. */
  initial?: { score: RatingScore | null; comment: string | null };
  submitLabel: string;
  isSaving: boolean;
  error: string | null;
  onSubmit: (choice: RatingChoice) => void;
}

const choiceClass =
  'cursor-target flex min-h-11 flex-1 cursor-pointer items-center justify-center rounded-lg border border-slate-400 bg-white/70 px-4 py-2 text-base font-medium text-slate-800 transition hover:bg-white has-[:checked]:border-blue-700 has-[:checked]:bg-blue-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-blue-700 dark:border-white/25 dark:bg-white/5 dark:text-slate-100 dark:hover:bg-white/15 dark:has-[:checked]:border-blue-500 dark:has-[:checked]:bg-blue-600';

/**
 * „Jak oceniasz naszą pomoc?”: three choices (radio buttons, so arrows move
 * between them) and an optional comment. Nothing is sent until the button is
 * pressed; the thread and the e-mail's page both use this form.
 */
export function RatingForm({ initial, submitLabel, isSaving, error, onSubmit }: RatingFormProps) {
  const id = useId();
  const [score, setScore] = useState<RatingScore | null>(initial?.score ?? null);
  const [comment, setComment] = useState(initial?.comment ?? '');
  const [missingScore, setMissingScore] = useState(false);
  const tooLong = comment.length > RATING_COMMENT_MAX;
  return (
    <form
      noValidate
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!score) {
          setMissingScore(true);
          return;
        }
        if (tooLong) return;
        onSubmit({ score, comment });
      }}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-base font-semibold text-slate-900 dark:text-white">
          {RATING_QUESTION}
        </legend>
        <div className="flex flex-col gap-2 sm:flex-row">
          {RATING_SCORES.map((value) => (
            <label key={value} className={choiceClass}>
              <input
                type="radio"
                name={`${id}-score`}
                value={value}
                checked={score === value}
                onChange={() => {
                  setScore(value);
                  setMissingScore(false);
                }}
                className="sr-only"
              />
              {RATING_LABELS[value]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label
          htmlFor={`${id}-comment`}
          className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          Komentarz (nieobowiązkowy)
        </label>
        <textarea
          id={`${id}-comment`}
          value={comment}
          onChange={(event) => setComment(event.target.value)}
          rows={3}
          aria-invalid={tooLong}
          aria-describedby={`${id}-comment-hint`}
          className={inputClass}
        />
        <p
          id={`${id}-comment-hint`}
          className={`mt-1 text-xs ${tooLong ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
        >
          {tooLong
            ? `Komentarz jest za długi o ${comment.length - RATING_COMMENT_MAX} zn. (najwyżej ${RATING_COMMENT_MAX}).`
            : `Najwyżej ${RATING_COMMENT_MAX} znaków.`}
        </p>
      </div>
      <FormError message={missingScore ? 'Wybierz jedną z odpowiedzi.' : error} />
      <div>
        <button type="submit" disabled={isSaving || tooLong} className={primaryButtonClass}>
          {isSaving ? 'Zapisywanie…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
