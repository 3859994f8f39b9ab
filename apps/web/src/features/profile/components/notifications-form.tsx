import { useState } from 'react';
import { CheckboxField } from '~/components/form/checkbox-field';
import { FormError, FormStatus } from '~/components/form/form-message';
import { errorMessage } from '~/lib/error-messages';
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from '../api/notification-settings';

export const NOTIFICATIONS_SAVED_MESSAGE = 'Zapisano ustawienia powiadomień';

/** One checkbox, saved as soon as it changes. */
export function NotificationsForm() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The value just asked for, set in the click itself: the mutation's pending
  // state reaches React a tick later, and until then the controlled checkbox
  // would snap back to the old value.
  const [requested, setRequested] = useState<boolean | null>(null);
  const isBusy = settings.isPending || update.isPending;

  const onChange = (email: boolean) => {
    if (update.isPending) return;
    setRequested(email);
    setStatus(null);
    setError(null);
    update.mutate(
      { email },
      {
        onSuccess: () => setStatus(NOTIFICATIONS_SAVED_MESSAGE),
        onError: (cause) => setError(errorMessage('profile', cause)),
        onSettled: () => setRequested(null),
      },
    );
  };

  return (
    <div className="space-y-3" aria-busy={isBusy || undefined}>
      <h2
        id="notifications-heading"
        className="text-lg font-semibold text-slate-900 dark:text-white"
      >
        Powiadomienia
      </h2>
      {settings.isError ? (
        <FormError message={errorMessage('profile', settings.error)} />
      ) : (
        <CheckboxField
          name="emailNotifications"
          label="Wysyłaj mi e-mail, gdy w moim zgłoszeniu pojawi się nowa odpowiedź"
          checked={requested ?? settings.data?.email ?? false}
          disabled={isBusy}
          onChange={(event) => onChange(event.target.checked)}
        />
      )}
      <FormStatus message={status} />
      <FormError message={error} />
    </div>
  );
}
