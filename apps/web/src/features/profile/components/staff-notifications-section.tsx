import type { NewTicketMailChoice, StaffNotifications } from '@studio/shared/team';
import { type FormEvent, useId, useState } from 'react';
import { CheckboxField } from '~/components/form/checkbox-field';
import { FormError, FormStatus } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { errorMessage } from '~/lib/error-messages';
import { useSaveStaffNotifications, useStaffNotifications } from '../api/staff-notifications';

export const STAFF_NOTIFICATIONS_TITLE = 'Powiadomienia o zgłoszeniach';
export const STAFF_NOTIFICATIONS_SAVED = 'Zapisano ustawienia powiadomień o zgłoszeniach';

const NEW_TICKET_CHOICES: Array<{ value: NewTicketMailChoice; label: string; hint: string }> = [
  {
    value: 'digest',
    label: 'Zbiorczo',
    hint: 'Jeden e-mail co kilka minut z listą nowych zgłoszeń.',
  },
  { value: 'each', label: 'Każde osobno', hint: 'Osobny e-mail o każdym nowym zgłoszeniu.' },
  { value: 'none', label: 'Wcale', hint: 'Nowe zgłoszenia zobaczysz tylko w Kontakcie.' },
];

/**
 * Staff's „Powiadomienia o zgłoszeniach” (issue 31): how new tickets reach
 * them by e-mail, and whether they hear when a ticket assigned to them goes
 * past its due time. The profile's general e-mail switch still turns all off.
 */
export function StaffNotificationsSection() {
  const saved = useStaffNotifications();
  const save = useSaveStaffNotifications();
  const [draft, setDraft] = useState<StaffNotifications | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const choice = draft ?? saved.data;

  const change = (next: Partial<StaffNotifications>) => {
    if (!choice) return;
    setDraft({ ...choice, ...next });
    setStatus(null);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!choice || save.isPending) return;
    setError(null);
    save.mutate(choice, {
      onSuccess: () => {
        setDraft(null);
        setStatus(STAFF_NOTIFICATIONS_SAVED);
      },
      onError: (cause) => setError(errorMessage('staffNotifications', cause)),
    });
  };

  return (
    <form
      className="space-y-3"
      onSubmit={onSubmit}
      aria-labelledby={`${id}-heading`}
      aria-busy={saved.isPending || undefined}
    >
      <h2 id={`${id}-heading`} className="text-lg font-semibold text-slate-900 dark:text-white">
        {STAFF_NOTIFICATIONS_TITLE}
      </h2>
      {saved.isPending ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Wczytywanie…
        </p>
      ) : saved.isError || !choice ? (
        <FormError message="Nie udało się wczytać ustawień. Odśwież stronę." />
      ) : (
        <>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-800 dark:text-slate-200">
              E-maile o nowych zgłoszeniach
            </legend>
            {NEW_TICKET_CHOICES.map((option) => (
              <div key={option.value} className="flex items-start gap-3">
                <input
                  id={`${id}-${option.value}`}
                  type="radio"
                  name={`${id}-new-tickets`}
                  value={option.value}
                  checked={choice.new_tickets === option.value}
                  onChange={() => change({ new_tickets: option.value })}
                  aria-describedby={`${id}-${option.value}-hint`}
                  className="cursor-target mt-0.5 size-5 shrink-0 accent-blue-700 dark:accent-blue-400"
                />
                <div>
                  <label
                    htmlFor={`${id}-${option.value}`}
                    className="text-sm font-medium text-slate-800 dark:text-slate-200"
                  >
                    {option.label}
                  </label>
                  <p
                    id={`${id}-${option.value}-hint`}
                    className="text-sm text-slate-600 dark:text-slate-400"
                  >
                    {option.hint}
                  </p>
                </div>
              </div>
            ))}
          </fieldset>
          <CheckboxField
            name="assignedOverdue"
            label="Wysyłaj mi e-mail, gdy przypisane do mnie zgłoszenie jest po terminie"
            checked={choice.assigned_overdue}
            onChange={(event) => change({ assigned_overdue: event.target.checked })}
          />
          <PendingButton
            isPending={save.isPending}
            pendingLabel="Zapisywanie…"
            className={secondaryButtonClass}
          >
            Zapisz powiadomienia
          </PendingButton>
        </>
      )}
      <FormStatus message={status} />
      <FormError message={error} />
    </form>
  );
}
