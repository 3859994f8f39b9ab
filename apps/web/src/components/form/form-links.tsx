import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FormError } from './form-message';
import { PageCard } from './page-card';
import { linkClass } from './styles';

/** The centred line under an account form that leads elsewhere: "Nie masz konta? Zarejestruj się". */
export function FormFooterLink({
  to,
  question,
  children,
}: {
  to: string;
  question?: string;
  children: ReactNode;
}) {
  return (
    <p className="text-center text-sm text-slate-700 dark:text-slate-300">
      {question ? `${question} ` : null}
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </p>
  );
}

/** An account page that cannot work (no reset token, no registration data): why, and where to go. */
export function DeadEndPage({
  title,
  message,
  to,
  linkLabel,
}: {
  title: string;
  message: string;
  to: string;
  linkLabel: string;
}) {
  return (
    <PageCard title={title}>
      <FormError message={message} />
      <p className="mt-6">
        <Link to={to} className={linkClass}>
          {linkLabel}
        </Link>
      </p>
    </PageCard>
  );
}
