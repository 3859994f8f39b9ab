import { useState } from 'react';
import { Link } from 'react-router';
import {
  EmailField,
  NEW_PASSWORD_HINT,
  PasswordField,
  UsernameField,
} from '~/components/form/account-fields';
import { CheckboxField } from '~/components/form/checkbox-field';
import { FormFooterLink } from '~/components/form/form-links';
import { linkClass } from '~/components/form/styles';
import { FormSubmit } from '~/components/form/submit-button';
import { useFormSubmit } from '~/components/form/use-form-submit';
import {
  collectErrors,
  emailError,
  newPasswordError,
  TERMS_MESSAGE,
  usernameError,
} from '~/lib/account-validation';
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
  const { fieldErrors, formError, isPending, onSubmit } = useFormSubmit<Field>({
    errorScreen: 'register',
    focusFirstInvalid: true,
    validate: () => validateRegistration({ username, email, password, terms }),
    submit: async () => {
      const data = { username: username.trim(), email: email.trim(), password };
      await register(data);
      await onCodeSent(data);
    },
  });

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Rejestracja">
      <UsernameField
        value={username}
        error={fieldErrors.username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <EmailField
        value={email}
        error={fieldErrors.email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <PasswordField
        isNew
        hint={NEW_PASSWORD_HINT}
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
      <FormSubmit error={formError} isPending={isPending} pendingLabel="Wysyłanie kodu…">
        Zarejestruj się
      </FormSubmit>
      <FormFooterLink to="/login" question="Masz już konto?">
        Zaloguj się
      </FormFooterLink>
    </form>
  );
}
