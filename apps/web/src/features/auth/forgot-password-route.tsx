import { useState } from 'react';
import { useNavigate } from 'react-router';
import { EmailField } from '~/components/form/account-fields';
import { FormFooterLink } from '~/components/form/form-links';
import { PageCard } from '~/components/form/page-card';
import { FormSubmit } from '~/components/form/submit-button';
import { useFormSubmit } from '~/components/form/use-form-submit';
import { collectErrors, emailError } from '~/lib/account-validation';
import { isNetworkError } from '~/lib/api-client';
import { pageMeta } from '~/lib/page-meta';
import { requestPasswordReset } from './api/password-reset';

export function meta() {
  return pageMeta({
    title: 'Nie pamiętasz hasła?',
    description:
      'Podaj adres email swojego konta, a wyślemy Ci link do ustawienia nowego hasła. Link jest ważny przez godzinę.',
    path: '/forgot-password',
    noIndex: true,
  });
}

export default function ForgotPasswordRoute() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const { fieldErrors, formError, isPending, onSubmit } = useFormSubmit<'email'>({
    errorScreen: 'forgotPassword',
    validate: () => collectErrors({ email: emailError(email) }),
    submit: async () => {
      try {
        await requestPasswordReset({ email: email.trim() });
      } catch (error) {
        // SPEC.md §8: the answer never tells whether the address has an account,
        // so only a request that got no answer at all is reported.
        if (isNetworkError(error)) throw error;
      }
      await navigate('/forgot-password/sent');
    },
  });

  return (
    <PageCard
      title="Nie pamiętasz hasła?"
      intro="Podaj adres email swojego konta. Wyślemy na niego link do ustawienia nowego hasła."
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Reset hasła">
        <EmailField
          value={email}
          error={fieldErrors.email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <FormSubmit error={formError} isPending={isPending} pendingLabel="Wysyłanie…">
          Wyślij link
        </FormSubmit>
        <FormFooterLink to="/login">Wróć do logowania</FormFooterLink>
      </form>
    </PageCard>
  );
}
