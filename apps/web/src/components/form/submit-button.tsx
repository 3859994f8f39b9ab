import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { FormError } from './form-message';
import { primaryButtonClass } from './styles';

/**
 * A button that shows progress while its request runs. It stays focusable
 * text-wise (the label changes to `pendingLabel`) and aria-busy tells
 * assistive technology that something is happening.
 */
export function PendingButton({
  isPending,
  pendingLabel,
  children,
  className = primaryButtonClass,
  type = 'submit',
  disabled,
  ...rest
}: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  isPending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <button
      type={type}
      className={className}
      disabled={disabled || isPending}
      aria-busy={isPending || undefined}
      {...rest}
    >
      {isPending ? (
        <span
          aria-hidden="true"
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
        />
      ) : null}
      {isPending ? pendingLabel : children}
    </button>
  );
}

/** The end of an account form: its error line, then the full-width submit button. */
export function FormSubmit({
  error,
  isPending,
  pendingLabel,
  disabled,
  children,
}: {
  error: string | null;
  isPending: boolean;
  pendingLabel: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <>
      <FormError message={error} />
      <PendingButton
        isPending={isPending}
        pendingLabel={pendingLabel}
        disabled={disabled}
        className={`w-full ${primaryButtonClass}`}
      >
        {children}
      </PendingButton>
    </>
  );
}
