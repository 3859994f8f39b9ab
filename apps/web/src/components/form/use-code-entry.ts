import { CODE_LENGTH } from '@studio/shared/limits';
import { type FormEvent, useRef, useState } from 'react';
import { type ErrorScreen, errorMessage } from '~/lib/error-messages';
import { REQUIRED_MESSAGE } from '~/lib/field-errors';
import { useGuardedAction } from './use-guarded-action';

export const CODE_LENGTH_MESSAGE = `Kod musi mieć ${CODE_LENGTH} cyfr`;

/**
 * How a code is checked before it is sent (SPEC.md §5):
 * - `complete`: digits only, and submit is enabled only at exactly six (e-mail verification);
 * - `sixDigits`: digits only, an empty or short code is explained on submit (account deletion);
 * - `required`: "the 2FA code field has no format check", it only must not be empty.
 */
export type CodeRule = 'complete' | 'sixDigits' | 'required';

function codeError(rule: CodeRule, code: string): string | null {
  if (!code.trim()) return rule === 'complete' ? null : REQUIRED_MESSAGE;
  if (rule === 'sixDigits' && code.length < CODE_LENGTH) return CODE_LENGTH_MESSAGE;
  return null;
}

/**
 * The state of an e-mailed code entry: the code, its field error, the form's
 * error and status lines, and the confirm and resend actions, each run once
 * at a time with its failure shown in Polish.
 */
export function useCodeEntry({
  rule,
  initialStatus = null,
  confirm,
  confirmErrors,
  resend,
  resendErrors,
  resentMessage,
}: {
  rule: CodeRule;
  initialStatus?: string | null;
  /** Sends the code; `showStatus` puts a confirmation on screen before any navigation. */
  confirm: (code: string, showStatus: (message: string) => void) => Promise<void>;
  confirmErrors: ErrorScreen;
  resend: () => Promise<unknown>;
  resendErrors: ErrorScreen;
  resentMessage: string;
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(initialStatus);
  const confirmAction = useGuardedAction();
  const resendAction = useGuardedAction();
  const inputRef = useRef<HTMLInputElement>(null);
  const isDigitsOnly = rule !== 'required';
  const canSubmit = rule !== 'complete' || code.length === CODE_LENGTH;

  const run = (action: typeof confirmAction, errors: ErrorScreen, task: () => Promise<void>) =>
    action.run(async () => {
      setFormError(null);
      setStatus(null);
      try {
        await task();
      } catch (error) {
        setFormError(errorMessage(errors, error));
        // A refused code has to be typed again: keyboard users land back on it.
        if (action === confirmAction) inputRef.current?.focus();
      }
    });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const error = codeError(rule, code);
    setFieldError(error);
    if (error) {
      setFormError(null);
      inputRef.current?.focus();
      return;
    }
    void run(confirmAction, confirmErrors, () => confirm(code.trim(), setStatus));
  };

  const onResend = () =>
    void run(resendAction, resendErrors, async () => {
      await resend();
      setStatus(resentMessage);
    });

  return {
    code,
    setCode,
    fieldError,
    formError,
    status,
    inputRef,
    isDigitsOnly,
    canSubmit,
    isConfirming: confirmAction.isPending,
    isResending: resendAction.isPending,
    onSubmit,
    onResend,
  };
}

export type CodeEntry = ReturnType<typeof useCodeEntry>;
