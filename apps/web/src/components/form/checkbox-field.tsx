import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { FieldError } from './field-error';

type NativeCheckbox = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'className' | 'type' | 'children'
>;

export function CheckboxField({
  label,
  error,
  ...input
}: NativeCheckbox & { label: ReactNode; error?: string | null | undefined }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          className="cursor-target mt-0.5 size-5 shrink-0 rounded border-slate-400 accent-blue-700 dark:accent-blue-400"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...input}
        />
        <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
          {label}
        </label>
      </div>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
