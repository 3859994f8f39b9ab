import { MESSAGE_BODY_MAX } from '@studio/shared/limits';
import { useId } from 'react';
import { Link } from 'react-router';
import { EmailField } from '~/components/form/account-fields';
import { CheckboxField } from '~/components/form/checkbox-field';
import { FieldError } from '~/components/form/field-error';
import { inputClass, linkClass } from '~/components/form/styles';
import { FormSubmit } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { useInquiryForm } from '../hooks/use-inquiry-form';
import { panelClass } from './styles';

/**
 * The honeypot: off-screen, out of the tab order and hidden from assistive
 * technology, so only a bot that fills every field types into it.
 */
function Honeypot({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Strona internetowa (zostaw puste)
        <input
          type="text"
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </label>
    </div>
  );
}

function SentState({ email }: { email: string }) {
  return (
    <div role="status" className="space-y-3 text-slate-700 dark:text-slate-300">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">Sprawdź skrzynkę</p>
      <p>
        Wysłaliśmy link potwierdzający na adres{' '}
        <strong className="break-all text-slate-900 dark:text-white">{email}</strong>. Otwórz go w
        ciągu 24 godzin — dopiero wtedy wiadomość trafi do naszego zespołu.
      </p>
      <p className="text-sm">Nie widzisz e-maila? Zajrzyj do folderu ze spamem.</p>
    </div>
  );
}

/** „Napisz do nas bez konta” on /contact for logged-out visitors (DESIGN.md §7.6). */
export function InquiryForm() {
  const { values, set, sentTo, fieldErrors, formError, isPending, onSubmit } = useInquiryForm();
  const bodyId = useId();
  const bodyErrorId = `${bodyId}-error`;

  return (
    <section
      aria-labelledby="inquiry-title"
      className={`${panelClass} relative mx-auto max-w-lg p-6 sm:p-8`}
    >
      <h2 id="inquiry-title" className="text-2xl font-bold text-slate-900 dark:text-white">
        Napisz do nas bez konta
      </h2>
      <p className="mt-3 mb-6 text-slate-700 dark:text-slate-300">
        Zapytaj o wycenę lub projekt. Potwierdzisz wiadomość linkiem z e-maila, a odpowiedź
        przyjdzie na Twój adres.
      </p>
      {sentTo ? (
        <SentState email={sentTo} />
      ) : (
        <form
          noValidate
          onSubmit={onSubmit}
          className="space-y-5"
          aria-label="Napisz do nas bez konta"
        >
          <TextField
            label="Imię i nazwisko lub firma"
            name="name"
            autoComplete="name"
            required
            value={values.name}
            error={fieldErrors.name}
            onChange={(e) => set.name(e.target.value)}
          />
          <EmailField
            label="E-mail"
            value={values.email}
            error={fieldErrors.email}
            onChange={(e) => set.email(e.target.value)}
          />
          <div className="space-y-1.5">
            <div className="flex items-baseline gap-1">
              <label
                htmlFor={bodyId}
                className="block text-sm font-medium text-slate-800 dark:text-slate-200"
              >
                Wiadomość
              </label>
              <span aria-hidden="true" className="text-sm text-red-700 dark:text-red-300">
                *
              </span>
            </div>
            <textarea
              id={bodyId}
              name="message"
              required
              rows={6}
              className={`${inputClass} min-h-36 resize-y`}
              value={values.body}
              // The limit is shown, never enforced by cutting: the check explains it.
              aria-invalid={fieldErrors.body ? true : undefined}
              aria-describedby={fieldErrors.body ? bodyErrorId : undefined}
              data-max-length={MESSAGE_BODY_MAX}
              onChange={(e) => set.body(e.target.value)}
            />
            <FieldError id={bodyErrorId} message={fieldErrors.body} />
          </div>
          <CheckboxField
            name="accept_terms"
            required
            checked={values.acceptTerms}
            error={fieldErrors.acceptTerms}
            onChange={(e) => set.acceptTerms(e.target.checked)}
            label={
              <>
                Akceptuję{' '}
                <Link to="/terms-and-conditions" className={linkClass}>
                  Regulamin
                </Link>{' '}
                i{' '}
                <Link to="/terms-and-conditions#privacy" className={linkClass}>
                  Politykę prywatności
                </Link>
              </>
            }
          />
          <Honeypot value={values.website} onChange={set.website} />
          <FormSubmit error={formError} isPending={isPending} pendingLabel="Wysyłanie…">
            Wyślij wiadomość
          </FormSubmit>
        </form>
      )}
    </section>
  );
}
