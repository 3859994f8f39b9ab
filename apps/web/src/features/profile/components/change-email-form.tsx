import { useState } from 'react';
import { EmailField, PasswordField } from '~/components/form/account-fields';
import { CodeEntryForm } from '~/components/form/code-entry-form';
import { FormError } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { useCodeEntry } from '~/components/form/use-code-entry';
import { useFormSubmit } from '~/components/form/use-form-submit';
import { collectErrors, emailError, requiredError } from '~/lib/account-validation';
import { useSessionActions } from '~/lib/session';
import { toast } from '~/lib/toast';
import { confirmEmailChange, requestEmailChange } from '../api/change-email';

export const EMAIL_CODE_SENT_MESSAGE = 'Wysłaliśmy kod na nowy adres e-mail';
export const EMAIL_CHANGED_MESSAGE = 'Adres e-mail został zmieniony';
export const SAME_EMAIL_MESSAGE = 'To jest Twój obecny adres e-mail';

/**
 * „Zmień adres e-mail”: the password confirms the request, then the code sent
 * to the new address switches it. A taken address is not revealed: the code
 * just never arrives (docs/security.md).
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const { patchUser } = useSessionActions();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isCodeStep, setCodeStep] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  const form = useFormSubmit<'email' | 'password'>({
    errorScreen: 'profileEmail',
    focusFirstInvalid: true,
    validate: () => {
      setDone(null);
      const isCurrent = email.trim().toLowerCase() === currentEmail.toLowerCase();
      return collectErrors({
        email: isCurrent ? SAME_EMAIL_MESSAGE : emailError(email),
        password: requiredError(password),
      });
    },
    submit: async () => {
      await requestEmailChange({ new_email: email.trim(), password });
      setCodeStep(true);
    },
  });

  const entry = useCodeEntry({
    rule: 'sixDigits',
    initialStatus: EMAIL_CODE_SENT_MESSAGE,
    confirm: async (code) => {
      await confirmEmailChange({ code });
      patchUser({ email: email.trim().toLowerCase() });
      setCodeStep(false);
      setEmail('');
      setPassword('');
      setDone(EMAIL_CHANGED_MESSAGE);
      toast.success(EMAIL_CHANGED_MESSAGE);
    },
    confirmErrors: 'profileEmailCode',
    resend: () => requestEmailChange({ new_email: email.trim(), password }),
    resendErrors: 'profileEmail',
    resentMessage: EMAIL_CODE_SENT_MESSAGE,
  });

  const heading = (
    <h2 id="change-email-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
      Zmień adres e-mail
    </h2>
  );

  if (isCodeStep) {
    return (
      <div className="space-y-4">
        {heading}
        <CodeEntryForm
          entry={entry}
          name={{ 'aria-labelledby': 'change-email-heading' }}
          fieldLabel="Kod z e-maila"
          intro={
            <p className="text-sm text-slate-700 dark:text-slate-300">
              Wpisz kod wysłany na adres <strong className="break-all">{email.trim()}</strong>.
              Jeśli nie dotarł, sprawdź adres i folder spam.
            </p>
          }
          submitLabel="Potwierdź zmianę"
          submitClassName={secondaryButtonClass}
          backAction={
            <button
              type="button"
              onClick={() => setCodeStep(false)}
              className={`flex-1 ${secondaryButtonClass}`}
            >
              Anuluj
            </button>
          }
        />
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={form.onSubmit}
      className="space-y-4"
      aria-labelledby="change-email-heading"
    >
      {heading}
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Obecny adres: <span className="break-all">{currentEmail}</span>. Wyślemy kod na nowy adres;
        o zmianie powiadomimy też obecny.
      </p>
      <EmailField
        label="Nowy adres e-mail"
        name="new-email"
        value={email}
        error={form.fieldErrors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <PasswordField
        label="Hasło do konta"
        name="email-change-password"
        value={password}
        error={form.fieldErrors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {done ? (
        <p role="status" className="text-sm font-medium text-emerald-800 dark:text-emerald-200">
          {done}
        </p>
      ) : null}
      <FormError message={form.formError} />
      <PendingButton
        isPending={form.isPending}
        pendingLabel="Wysyłanie kodu…"
        className={secondaryButtonClass}
      >
        Wyślij kod
      </PendingButton>
    </form>
  );
}
