import { type FormEvent, useEffect, useRef, useState } from 'react';
import { type ErrorScreen, errorMessage } from '~/lib/error-messages';
import { type FieldErrors, hasErrors } from '~/lib/field-errors';
import { useGuardedAction } from './use-guarded-action';

/**
 * The submit of an account form: check the fields, show their errors, else
 * run `submit` once at a time and turn what it throws into the screen's
 * Polish message (lib/error-messages.ts).
 */
export function useFormSubmit<Field extends string>({
  validate,
  submit,
  errorScreen,
  focusFirstInvalid = false,
}: {
  validate: () => FieldErrors<Field>;
  submit: () => Promise<void>;
  errorScreen: ErrorScreen;
  /** Take keyboard and screen-reader users to the first field to fix. */
  focusFirstInvalid?: boolean;
}) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const { isPending, run } = useGuardedAction();
  const invalidForm = useRef<HTMLFormElement | null>(null);

  // The fields are marked aria-invalid only once React has rendered the new errors.
  useEffect(() => {
    const form = invalidForm.current;
    if (!form || !hasErrors(fieldErrors)) return;
    invalidForm.current = null;
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [fieldErrors]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const errors = validate();
    setFieldErrors(errors);
    if (hasErrors(errors)) {
      setFormError(null);
      if (focusFirstInvalid) invalidForm.current = event.currentTarget;
      return;
    }
    void run(async () => {
      setFormError(null);
      try {
        await submit();
      } catch (error) {
        setFormError(errorMessage(errorScreen, error));
      }
    });
  };

  return { fieldErrors, formError, setFormError, isPending, onSubmit };
}
