import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { FieldError } from './field-error';
import { inputClass } from './styles';

type NativeInput = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'children'>;

/**
 * A labelled input with its own error line. The error is tied to the input by
 * aria-describedby and marks it aria-invalid, so it is read with the field.
 */
export function TextField({
  label,
  error,
  hint,
  ...input
}: NativeInput & {
  label: string;
  error?: string | null | undefined;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="space-y-1.5">
      {/* The asterisk sits outside the label so the field's name stays just the label text. */}
      <div className="flex items-baseline gap-1">
        <label
          htmlFor={id}
          className="block text-sm font-medium text-slate-800 dark:text-slate-200"
        >
          {label}
        </label>
        {input.required ? (
          <span aria-hidden="true" className="text-sm text-red-700 dark:text-red-300">
            *
          </span>
        ) : null}
      </div>
      <input
        id={id}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint ? (
        <p id={hintId} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}
