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
  type FieldErrors,
  hasErrors,
  requiredError,
} from '~/lib/account-validation';
import { errorMessage } from '~/lib/error-messages';
import { type LoginInput, type LoginResult, login } from '../api/login';

type Field = 'identifier' | 'password';

/** Step one of login: identifier (username or e-mail), password and remember-me. */
export function LoginForm({
  onResult,
}: {
  onResult: (result: LoginResult, input: LoginInput) => void | Promise<void>;
}) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { isPending, run } = useGuardedAction();

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = collectErrors<Field>({
      identifier: requiredError(identifier),
      password: password ? null : requiredError(password),
    });
    setFieldErrors(errors);
    if (hasErrors(errors)) {
      setFormError(null);
      return;
    }
    void run(async () => {
      setFormError(null);
      const input = { identifier: identifier.trim(), password, rememberMe };
      try {
        const result = await login(input);
        await onResult(result, input);
      } catch (error) {
        setFormError(errorMessage('login', error));
      }
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Logowanie">
      <TextField
        label="Nazwa użytkownika lub email"
        name="identifier"
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={identifier}
        error={fieldErrors.identifier}
        onChange={(e) => setIdentifier(e.target.value)}
      />
      <TextField
        label="Hasło"
        name="password"
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={fieldErrors.password}
        onChange={(e) => setPassword(e.target.value)}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <CheckboxField
          label="Zapamiętaj mnie"
          name="rememberMe"
          checked={rememberMe}
          onChange={(e) => setRememberMe(e.target.checked)}
        />
        <Link to="/forgot-password" className={`text-sm ${linkClass}`}>
          Nie pamiętasz hasła?
        </Link>
      </div>
      <FormError message={formError} />
      <PendingButton
        isPending={isPending}
        pendingLabel="Logowanie…"
        className={`w-full ${primaryButtonClass}`}
      >
        Zaloguj się
      </PendingButton>
      <p className="text-center text-sm text-slate-700 dark:text-slate-300">
        Nie masz konta?{' '}
        <Link to="/register" className={linkClass}>
          Zarejestruj się
        </Link>
      </p>
    </form>
  );
}
