import { useState } from 'react';
import { Link } from 'react-router';
import { CheckboxField } from '~/components/form/checkbox-field';
import { FormError } from '~/components/form/form-message';
import { linkClass, primaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { TextField } from '~/components/form/text-field';
import { useGuardedAction } from '~/components/form/use-guarded-action';
import {
  collectErrors,
  emailError,
  type FieldErrors,
  hasErrors,
  newPasswordError,
  TERMS_MESSAGE,
  usernameError,
} from '~/lib/account-validation';
import { errorMessage } from '~/lib/error-messages';
import { type RegistrationData, register } from '../api/register';

type Field = 'username' | 'email' | 'password' | 'terms';

export function validateRegistration(values: RegistrationData & { terms: boolean }) {
  return collectErrors<Field>({
    username: usernameError(values.username),
    email: emailError(values.email),
    password: newPasswordError(values.password),
    terms: values.terms ? null : TERMS_MESSAGE,
  });
}

/** Registration step one: the server checks the data and e-mails a code. */
export function RegisterForm({
  onCodeSent,
}: {
  onCodeSent: (data: RegistrationData) => void | Promise<void>;
}) {
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [terms, setTerms] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { isPending, run } = useGuardedAction();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validateRegistration({ username, email, password, terms });
    setFieldErrors(errors);
    if (hasErrors(errors)) {
      setFormError(null);
      // Keyboard and screen-reader users are taken to the first field to fix.
      const first = event.currentTarget.querySelector<HTMLElement>('[aria-invalid="true"]');
      first?.focus();
      return;
    }
    void run(async () => {
      setFormError(null);
      const data = { username: username.trim(), email: email.trim(), password };
      try {
        await register(data);
        await onCodeSent(data);
      } catch (error) {
        setFormError(errorMessage('register', error));
      }
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Rejestracja">
      <TextField
        label="Nazwa użytkownika"
        name="username"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={username}
        error={fieldErrors.username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        spellCheck={false}
        required
        value={email}
        error={fieldErrors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <TextField
        label="Hasło"
        name="password"
        type="password"
        autoComplete="new-password"
        required
        hint="Co najmniej 6 znaków."
        value={password}
        error={fieldErrors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <CheckboxField
        name="terms"
        required
        checked={terms}
        error={fieldErrors.terms}
        onChange={(e) => setTerms(e.target.checked)}
        label={
          <>
            Akceptuję{' '}
            <Link to="/terms-and-conditions" className={linkClass}>
              Regulamin
            </Link>
          </>
        }
      />
      <FormError message={formError} />
      <PendingButton
        isPending={isPending}
        pendingLabel="Wysyłanie kodu…"
        className={`w-full ${primaryButtonClass}`}
      >
        Zarejestruj się
      </PendingButton>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Masz już konto?{' '}
        <Link to="/login" className={linkClass}>
          Zaloguj się
        </Link>
      </p>
    </form>
  );
}
