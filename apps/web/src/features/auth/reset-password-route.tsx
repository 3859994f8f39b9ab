import { RESET_REDIRECT_MS } from '@studio/shared/limits';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NEW_PASSWORD_HINT, PasswordField } from '~/components/form/account-fields';
import { DeadEndPage, FormFooterLink } from '~/components/form/form-links';
import { FormStatus } from '~/components/form/form-message';
import { PageCard } from '~/components/form/page-card';
import { FormSubmit } from '~/components/form/submit-button';
import { useFormSubmit } from '~/components/form/use-form-submit';
import { collectErrors, newPasswordError, repeatPasswordError } from '~/lib/account-validation';
import { SCREEN_MESSAGES } from '~/lib/error-messages';
import { pageMeta } from '~/lib/page-meta';
import { useSessionActions } from '~/lib/session';
import { confirmPasswordReset } from './api/password-reset';

export function meta() {
  return pageMeta({
    title: 'Nowe hasło',
    description: 'Ustaw nowe hasło do swojego konta. Po zmianie zalogujesz się ponownie.',
    path: '/reset-password',
    noIndex: true,
  });
}

type Field = 'password' | 'repeat';

/** Also after „To nie ja”: the new password is what unlocks the account (DESIGN.md §7.7). */
export const PASSWORD_CHANGED_MESSAGE =
  'Hasło zostało zmienione, konto jest odblokowane. Zaloguj się nowym hasłem — za chwilę przejdziesz do logowania.';
const INVALID_LINK_MESSAGE = SCREEN_MESSAGES.resetPassword.codes?.invalid_token ?? '';

export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { clearUser } = useSessionActions();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [isDone, setDone] = useState(false);
  const { fieldErrors, formError, isPending, onSubmit } = useFormSubmit<Field>({
    errorScreen: 'resetPassword',
    validate: () =>
      collectErrors<Field>({
        password: newPasswordError(password),
        repeat: repeatPasswordError(password, repeat),
      }),
    submit: async () => {
      if (isDone) return;
      await confirmPasswordReset({ token, password });
      // Every session of the account ended on the server, this one too.
      clearUser();
      setDone(true);
    },
  });

  // SPEC.md §4: success redirects to /login after 1.5 s.
  useEffect(() => {
    if (!isDone) return;
    const timer = window.setTimeout(() => navigate('/login', { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [isDone, navigate]);

  if (!token) {
    return (
      <DeadEndPage
        title="Zmiana hasła"
        message={INVALID_LINK_MESSAGE}
        to="/forgot-password"
        linkLabel="Wyślij nowy link"
      />
    );
  }

  return (
    <PageCard title="Zmiana hasła" intro="Wpisz nowe hasło dwa razy.">
      <form
        noValidate
        onSubmit={onSubmit}
        className="space-y-5"
        aria-label="Ustawianie nowego hasła"
      >
        <PasswordField
          label="Nowe hasło"
          isNew
          hint={NEW_PASSWORD_HINT}
          value={password}
          error={fieldErrors.password}
          disabled={isDone}
          onChange={(e) => setPassword(e.target.value)}
        />
        <PasswordField
          label="Powtórz nowe hasło"
          name="repeat"
          isNew
          value={repeat}
          error={fieldErrors.repeat}
          disabled={isDone}
          onChange={(e) => setRepeat(e.target.value)}
        />
        <FormStatus message={isDone ? PASSWORD_CHANGED_MESSAGE : null} />
        <FormSubmit
          error={formError}
          isPending={isPending}
          pendingLabel="Zapisywanie…"
          disabled={isDone}
        >
          Ustaw nowe hasło
        </FormSubmit>
        {formError === INVALID_LINK_MESSAGE ? (
          <FormFooterLink to="/forgot-password">Wyślij nowy link</FormFooterLink>
        ) : null}
      </form>
    </PageCard>
  );
}
