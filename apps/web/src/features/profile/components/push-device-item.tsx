import type { PushSubscriptionItem } from '@studio/shared/push';
import { useState } from 'react';
import { FormError } from '~/components/form/form-message';
import { dangerButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { pushErrorMessage } from '~/lib/error-messages';
import { useUnsubscribePush } from '../api/unsubscribe-push';

const day = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'medium' });
const moment = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'medium', timeStyle: 'short' });
const smallButton = '!min-h-10 !px-3 !py-1.5 !text-sm';

/** One device of the push list: its name, since when, its last push, and removing it. */
export function PushDeviceItem({
  device,
  isThisDevice,
  onRemoved,
}: {
  device: PushSubscriptionItem;
  isThisDevice: boolean;
  onRemoved: () => void;
}) {
  const remove = useUnsubscribePush();
  const [error, setError] = useState<string | null>(null);
  const onRemove = () => {
    setError(null);
    remove.mutate(
      { endpoint: device.endpoint },
      { onSuccess: onRemoved, onError: (cause) => setError(pushErrorMessage(cause)) },
    );
  };
  return (
    <li className="space-y-3 rounded-lg border border-slate-900/10 p-4 dark:border-white/15">
      <div>
        <p className="flex flex-wrap items-center gap-2 break-words font-semibold text-slate-900 dark:text-white">
          {device.device}
          {isThisDevice ? (
            <span className="rounded-full bg-blue-100 px-2 py-0.5 text-xs font-semibold text-blue-900 dark:bg-blue-400/20 dark:text-blue-100">
              to urządzenie
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Włączone {day.format(new Date(device.created_at))} ·{' '}
          {device.last_push_at
            ? `ostatnie powiadomienie ${moment.format(new Date(device.last_push_at))}`
            : 'jeszcze bez powiadomień'}
        </p>
      </div>
      <PendingButton
        type="button"
        isPending={remove.isPending}
        pendingLabel="Usuwanie…"
        onClick={onRemove}
        aria-label={`Wyłącz powiadomienia na urządzeniu ${device.device}${isThisDevice ? ' (to urządzenie)' : ''}`}
        className={`${dangerButtonClass} ${smallButton}`}
      >
        Usuń
      </PendingButton>
      <FormError message={error} />
    </li>
  );
}
