import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { PasswordField, UsernameField } from '~/components/form/account-fields';
import { CheckboxField } from '~/components/form/checkbox-field';
import { FormFooterLink } from '~/components/form/form-links';
import { linkClass } from '~/components/form/styles';
import { FormSubmit } from '~/components/form/submit-button';
import { useFormSubmit } from '~/components/form/use-form-submit';
import { PASSWORD_RESET_REQUIRED_MESSAGE } from '~/lib/error-messages';
import { collectErrors, requiredError } from '~/lib/field-errors';
import { type LoginInput, type LoginResult, login } from '../api/login';

type Field = 'identifier' | 'password';

/** Step one of login: identifier (username or e-mail), password and remember-me. */
export function LoginForm({
  onResult,
  otherWays,
}: {
  onResult: (result: LoginResult, input: LoginInput) => void | Promise<void>;
  /** Other ways in (a passkey), shown under the submit button. */
  otherWays?: ReactNode;
}) {
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const { fieldErrors, formError, isPending, onSubmit } = useFormSubmit<Field>({
    errorScreen: 'login',
    validate: () =>
      collectErrors<Field>({
        identifier: requiredError(identifier),
        password: password ? null : requiredError(password),
      }),
    submit: async () => {
      const input = { identifier: identifier.trim(), password, rememberMe };
      await onResult(await login(input), input);
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Logowanie">
      <UsernameField
        label="Nazwa użytkownika lub email"
        name="identifier"
        value={identifier}
        error={fieldErrors.identifier}
        onChange={(e) => setIdentifier(e.target.value)}
      />
      <PasswordField
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
      <FormSubmit error={formError} isPending={isPending} pendingLabel="Logowanie…">
        Zaloguj się
      </FormSubmit>
      {formError === PASSWORD_RESET_REQUIRED_MESSAGE ? (
        // „To nie ja” locked the password: the way back is a reset by e-mail.
        <FormFooterLink to="/forgot-password">Ustaw nowe hasło przez e-mail</FormFooterLink>
      ) : null}
      {otherWays}
      <FormFooterLink to="/register" question="Nie masz konta?">
        Zarejestruj się
      </FormFooterLink>
    </form>
  );
}
