import { REPLY_SIGNATURE_MAX } from '@studio/shared/reply-signature';
import { type FormEvent, useId, useState } from 'react';
import { FormError, FormStatus } from '~/components/form/form-message';
import { inputClass, secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { errorMessage } from '~/lib/error-messages';
import { useReplySignature, useSaveReplySignature } from '../api/reply-signature';

export const SIGNATURE_LABEL = 'Podpis w odpowiedziach';
export const SIGNATURE_SAVED_MESSAGE = 'Zapisano podpis';
export const SIGNATURE_TOO_LONG_MESSAGE = `Podpis może mieć najwyżej ${REPLY_SIGNATURE_MAX} znaków.`;

/**
 * Staff's „Podpis w odpowiedziach” (issue 31). The server adds it below each
 * of their public replies when the reply is stored, so it shows in the thread
 * exactly as the customer gets it; notes stay unsigned. Empty: no signature.
 */
export function ReplySignatureSection() {
  const signature = useReplySignature();
  const save = useSaveReplySignature();
  const [draft, setDraft] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const text = draft ?? signature.data?.signature ?? '';
  const isTooLong = text.trim().length > REPLY_SIGNATURE_MAX;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || isTooLong) return;
    setStatus(null);
    setError(null);
    save.mutate(text, {
      onSuccess: () => {
        setDraft(null);
        setStatus(SIGNATURE_SAVED_MESSAGE);
      },
      onError: (cause) => setError(errorMessage('profile', cause)),
    });
  };

  return (
    <form className="space-y-3" onSubmit={onSubmit} aria-busy={signature.isPending || undefined}>
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {SIGNATURE_LABEL}
      </h2>
      <p id={`${id}-hint`} className="text-sm text-slate-700 dark:text-slate-300">
        Dodajemy go pod każdą Twoją odpowiedzią dla klienta — w wątku widać go tak, jak zobaczy go
        klient. Notatki wewnętrzne zostają bez podpisu. Puste pole: bez podpisu.
      </p>
      {signature.isError ? (
        <FormError message="Nie udało się wczytać podpisu. Odśwież stronę." />
      ) : (
        <>
          <label htmlFor={`${id}-field`} className="sr-only">
            {SIGNATURE_LABEL}
          </label>
          <textarea
            id={`${id}-field`}
            rows={4}
            value={text}
            disabled={signature.isPending}
            placeholder={'Anna Nowak\nZespół Studia'}
            aria-describedby={`${id}-hint ${id}-count`}
            aria-invalid={isTooLong || undefined}
            onChange={(event) => {
              setDraft(event.target.value);
              setStatus(null);
            }}
            className={`${inputClass} min-h-24 resize-y`}
          />
          <p
            id={`${id}-count`}
            className={`text-xs ${isTooLong ? 'font-semibold text-red-700 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'}`}
          >
            {isTooLong
              ? SIGNATURE_TOO_LONG_MESSAGE
              : `${text.trim().length}/${REPLY_SIGNATURE_MAX} znaków`}
          </p>
          <PendingButton
            isPending={save.isPending}
            pendingLabel="Zapisywanie…"
            disabled={isTooLong || signature.isPending}
            className={secondaryButtonClass}
          >
            Zapisz podpis
          </PendingButton>
        </>
      )}
      <FormStatus message={status} />
      <FormError message={error} />
    </form>
  );
}
