import { type ReactNode, useEffect } from 'react';
import { CodeField } from './code-field';
import { FormError, FormStatus } from './form-message';
import { primaryButtonClass, secondaryButtonClass } from './styles';
import { PendingButton } from './submit-button';
import type { CodeEntry } from './use-code-entry';

/** 'Wyślij kod ponownie' (or the first 'Wyślij kod'): asks for a new e-mailed code. */
export function ResendCodeButton({
  entry,
  className,
  label = 'Wyślij kod ponownie',
  pendingLabel = 'Wysyłanie…',
  disabled,
}: {
  entry: CodeEntry;
  className: string;
  label?: string;
  pendingLabel?: string;
  disabled?: boolean;
}) {
  return (
    <PendingButton
      type="button"
      isPending={entry.isResending}
      pendingLabel={pendingLabel}
      disabled={disabled}
      onClick={entry.onResend}
      className={className}
    >
      {label}
    </PendingButton>
  );
}

/**
 * The one form for an e-mailed code (e-mail verification, the 2FA login step,
 * turning 2FA on or off, deleting the account): the code field, the status and
 * error lines, the submit button and the resend action. The field takes focus
 * when it appears, as it replaces whatever the user was on.
 */
export function CodeEntryForm({
  entry,
  name,
  fieldLabel,
  fieldInputMode,
  intro,
  submitLabel,
  submitPendingLabel = 'Sprawdzanie…',
  submitClassName = `w-full ${primaryButtonClass}`,
  backAction,
  actions,
  isCodeShown = true,
  hasStatus = true,
  className = 'space-y-5',
}: {
  entry: CodeEntry;
  /** The form's accessible name. */
  name: { 'aria-label': string } | { 'aria-labelledby': string };
  fieldLabel?: string;
  fieldInputMode?: 'numeric' | 'text';
  intro?: ReactNode;
  submitLabel: string;
  submitPendingLabel?: string;
  submitClassName?: string;
  /** A way out ('Wróć', 'Anuluj') shown next to the resend button. */
  backAction?: ReactNode;
  /** Replaces the resend row when a screen lays its buttons out itself. */
  actions?: ReactNode;
  /** False while the code is yet to be sent: only the actions show. */
  isCodeShown?: boolean;
  /** False when the screen keeps its status line elsewhere. */
  hasStatus?: boolean;
  className?: string;
}) {
  const { inputRef } = entry;
  useEffect(() => {
    if (isCodeShown) inputRef.current?.focus();
  }, [isCodeShown, inputRef]);

  return (
    <form noValidate onSubmit={entry.onSubmit} className={className} {...name}>
      {intro}
      {isCodeShown ? (
        <CodeField
          ref={inputRef}
          label={fieldLabel}
          inputMode={fieldInputMode}
          digitsOnly={entry.isDigitsOnly}
          value={entry.code}
          onChange={entry.setCode}
          error={entry.fieldError}
        />
      ) : null}
      {hasStatus ? <FormStatus message={entry.status} /> : null}
      <FormError message={entry.formError} />
      {isCodeShown ? (
        <PendingButton
          isPending={entry.isConfirming}
          pendingLabel={submitPendingLabel}
          disabled={!entry.canSubmit}
          className={submitClassName}
        >
          {submitLabel}
        </PendingButton>
      ) : null}
      {actions ??
        (backAction ? (
          <div className="flex flex-col gap-3 sm:flex-row">
            <ResendCodeButton entry={entry} className={`flex-1 ${secondaryButtonClass}`} />
            {backAction}
          </div>
        ) : (
          <ResendCodeButton entry={entry} className={`w-full ${secondaryButtonClass}`} />
        ))}
    </form>
  );
}
