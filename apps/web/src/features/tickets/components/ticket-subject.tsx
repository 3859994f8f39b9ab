import { TICKET_SUBJECT_MAX } from '@studio/shared/tickets';
import { type FormEvent, useId, useState } from 'react';
import { secondaryButtonClass } from './styles';

interface TicketSubjectProps {
  subject: string;
  /** The owner and staff may rename (DESIGN.md §7.2). */
  canEdit: boolean;
  isSaving: boolean;
  /** Resolves true when the server took the new subject. */
  onSave: (subject: string) => Promise<boolean>;
}

/** The subject under the ticket's number, with an inline form to change it. */
export function TicketSubject({ subject, canEdit, isSaving, onSave }: TicketSubjectProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const inputId = useId();

  if (draft === null) {
    return (
      <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-slate-800 dark:text-slate-100">
        <span data-testid="ticket-subject" className="min-w-0 font-medium break-words">
          {subject || 'Bez tematu'}
        </span>
        {canEdit && (
          <button
            type="button"
            onClick={() => setDraft(subject)}
            className="cursor-target rounded px-1 text-xs font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-600 dark:text-blue-300"
          >
            Zmień temat
          </button>
        )}
      </p>
    );
  }

  const trimmed = draft.trim();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || isSaving) return;
    if (trimmed === subject || (await onSave(trimmed))) setDraft(null);
  };

  return (
    <form onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <label htmlFor={inputId} className="sr-only">
        Temat zgłoszenia
      </label>
      <input
        id={inputId}
        // biome-ignore lint/a11y/noAutofocus: the field appears because the user asked to edit it
        autoFocus
        value={draft}
        maxLength={TICKET_SUBJECT_MAX}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDraft(null);
        }}
        className="min-h-10 min-w-0 flex-1 rounded-lg border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 dark:border-white/25 dark:bg-slate-950/70 dark:text-white"
      />
      <button
        type="submit"
        disabled={!trimmed || isSaving}
        className={`${secondaryButtonClass} min-h-10 py-1`}
      >
        Zapisz
      </button>
      <button
        type="button"
        onClick={() => setDraft(null)}
        className={`${secondaryButtonClass} min-h-10 py-1`}
      >
        Anuluj
      </button>
    </form>
  );
}
