import type { ReactNode } from 'react';
import { CodeEntryForm } from '~/components/form/code-entry-form';
import { secondaryButtonClass } from '~/components/form/styles';
import { useCodeEntry } from '~/components/form/use-code-entry';

/**
 * A 6-digit code from the authenticator app confirming a change (turning the
 * app on or off, new recovery codes), on the shared code-entry form.
 */
export function AppCodeConfirmForm({
  label,
  intro,
  submitLabel,
  confirm,
  onCancel,
}: {
  label: string;
  intro?: ReactNode;
  submitLabel: string;
  confirm: (code: string) => Promise<void>;
  onCancel: () => void;
}) {
  const entry = useCodeEntry({
    rule: 'sixDigits',
    confirm,
    confirmErrors: 'mfaChange',
    // Nothing is e-mailed here: the form's own actions replace the resend row.
    resend: async () => {},
    resendErrors: 'mfaChange',
    resentMessage: '',
  });
  return (
    <CodeEntryForm
      entry={entry}
      name={{ 'aria-label': label }}
      fieldLabel="Kod z aplikacji"
      intro={intro}
      submitLabel={submitLabel}
      submitClassName={secondaryButtonClass}
      className="space-y-3"
      actions={
        <button type="button" onClick={onCancel} className={`ml-3 ${secondaryButtonClass}`}>
          Anuluj
        </button>
      }
    />
  );
}
