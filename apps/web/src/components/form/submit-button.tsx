import type { ButtonHTMLAttributes, ReactNode } from 'react';
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
