import { useEffect, useState } from 'react';
import { FormError, FormStatus } from '~/components/form/form-message';
import { secondaryButtonClass } from '~/components/form/styles';
import { PendingButton } from '~/components/form/submit-button';
import { pushErrorMessage } from '~/lib/error-messages';
import { usePushSubscriptions } from '../api/list-push-subscriptions';
import { useSendTestPush } from '../api/send-test-push';
import { useSubscribePush } from '../api/subscribe-push';
import { useUnsubscribePush } from '../api/unsubscribe-push';
import {
  currentPushSubscription,
  type PushPermission,
  PushPermissionDenied,
  pushPermission,
} from '../lib/web-push';
import { PushDeviceItem } from './push-device-item';

export const PUSH_ON_MESSAGE = 'Włączono powiadomienia na tym urządzeniu.';
export const PUSH_OFF_MESSAGE = 'Wyłączono powiadomienia na tym urządzeniu.';
export const PUSH_TEST_SENT_MESSAGE =
  'Wysłano powiadomienie próbne. Powinno pojawić się za kilka sekund.';
export const PUSH_UNSUPPORTED_MESSAGE =
  'Ta przeglądarka nie obsługuje powiadomień push. Na iPhonie i iPadzie dodaj najpierw tę stronę do ekranu początkowego (Udostępnij → Do ekranu początkowego) i otwórz ją stamtąd.';
export const PUSH_DENIED_MESSAGE =
  'Powiadomienia dla tej strony są zablokowane w przeglądarce. Aby je włączyć, kliknij ikonę kłódki (ustawień strony) obok adresu, zezwól na powiadomienia i odśwież stronę. W zainstalowanej aplikacji zmienisz to w ustawieniach powiadomień telefonu.';
export const PUSH_DISMISSED_MESSAGE =
  'Nie zezwolono na powiadomienia. Kliknij ponownie „Włącz powiadomienia” i wybierz „Zezwól”.';

export const PUSH_LIST_FAILED_MESSAGE = 'Nie udało się wczytać listy urządzeń.';

const smallButton = '!min-h-10 !px-3 !py-1.5 !text-sm';
const textClass = 'text-sm text-slate-700 dark:text-slate-300';

/**
 * „Powiadomienia na tym urządzeniu” in the profile (issue 33): Web Push on
 * this browser, on and off, a test push, and the account's devices with push
 * on, each removable. The browser's permission is asked only from the click.
 */
export function PushSection() {
  const devices = usePushSubscriptions();
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();
  const testPush = useSendTestPush();
  // Known only in the browser, after the first render.
  const [permission, setPermission] = useState<PushPermission | null>(null);
  const [thisEndpoint, setThisEndpoint] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setPermission(pushPermission());
    let isCurrent = true;
    currentPushSubscription()
      .then((subscription) => {
        if (isCurrent) setThisEndpoint(subscription?.endpoint ?? null);
      })
      // No subscription readable: this device simply shows as off.
      .catch(() => {});
    return () => {
      isCurrent = false;
    };
  }, []);

  const list = devices.data?.subscriptions ?? [];
  // On only when both sides agree: the browser has a subscription and the account lists it.
  const isOnHere = thisEndpoint !== null && list.some((item) => item.endpoint === thisEndpoint);

  const clearMessages = () => {
    setStatus(null);
    setError(null);
  };

  const onEnable = () => {
    clearMessages();
    subscribe.mutate(undefined, {
      onSuccess: ({ subscription }) => {
        setThisEndpoint(subscription.endpoint);
        setPermission(pushPermission());
        setStatus(PUSH_ON_MESSAGE);
      },
      onError: (cause) => {
        const now = pushPermission();
        setPermission(now);
        // Blocked: the section says how to allow it instead of an error.
        if (cause instanceof PushPermissionDenied && now === 'denied') return;
        setError(
          cause instanceof PushPermissionDenied ? PUSH_DISMISSED_MESSAGE : pushErrorMessage(cause),
        );
      },
    });
  };

  const onDisable = () => {
    if (!thisEndpoint) return;
    clearMessages();
    unsubscribe.mutate(
      { endpoint: thisEndpoint },
      {
        onSuccess: () => {
          setThisEndpoint(null);
          setStatus(PUSH_OFF_MESSAGE);
        },
        onError: (cause) => setError(pushErrorMessage(cause)),
      },
    );
  };

  const onTest = () => {
    if (!thisEndpoint) return;
    clearMessages();
    testPush.mutate(
      { endpoint: thisEndpoint },
      {
        onSuccess: () => setStatus(PUSH_TEST_SENT_MESSAGE),
        onError: (cause) => setError(pushErrorMessage(cause)),
      },
    );
  };

  return (
    <div className="space-y-4">
      <h2 id="push-heading" className="text-lg font-semibold text-slate-900 dark:text-white">
        Powiadomienia na tym urządzeniu
      </h2>
      <p className={textClass}>
        Dostaniesz powiadomienie o nowej wiadomości w zgłoszeniu, nawet gdy strona jest zamknięta.
        Powiadomienie mówi tylko, którego zgłoszenia dotyczy — nigdy nie pokazuje treści wiadomości.
      </p>

      {permission === null || devices.isPending ? null : permission === 'unsupported' ? (
        <p className={textClass}>{PUSH_UNSUPPORTED_MESSAGE}</p>
      ) : permission === 'denied' ? (
        <p className={textClass} data-testid="push-denied">
          {PUSH_DENIED_MESSAGE}
        </p>
      ) : isOnHere ? (
        <div className="space-y-3">
          <p className="text-sm font-medium text-emerald-800 dark:text-emerald-200">
            Powiadomienia są włączone na tym urządzeniu.
          </p>
          <div className="flex flex-wrap gap-2">
            <PendingButton
              type="button"
              isPending={testPush.isPending}
              pendingLabel="Wysyłanie…"
              onClick={onTest}
              className={secondaryButtonClass}
            >
              Wyślij powiadomienie próbne
            </PendingButton>
            <PendingButton
              type="button"
              isPending={unsubscribe.isPending}
              pendingLabel="Wyłączanie…"
              onClick={onDisable}
              className={secondaryButtonClass}
            >
              Wyłącz na tym urządzeniu
            </PendingButton>
          </div>
        </div>
      ) : (
        <PendingButton
          type="button"
          isPending={subscribe.isPending}
          pendingLabel="Włączanie…"
          onClick={onEnable}
          className={secondaryButtonClass}
        >
          Włącz powiadomienia
        </PendingButton>
      )}
      <FormStatus message={status} />
      <FormError message={error} />

      <h3 id="push-devices-heading" className="font-semibold text-slate-900 dark:text-white">
        Urządzenia z włączonymi powiadomieniami
      </h3>
      {devices.isPending ? (
        <p className={textClass} role="status">
          Wczytywanie urządzeń…
        </p>
      ) : devices.isError ? (
        <div className="space-y-2">
          <FormError message={PUSH_LIST_FAILED_MESSAGE} />
          <button
            type="button"
            onClick={() => void devices.refetch()}
            className={`${secondaryButtonClass} ${smallButton}`}
          >
            Spróbuj ponownie
          </button>
        </div>
      ) : list.length ? (
        <ul className="space-y-3" aria-labelledby="push-devices-heading">
          {list.map((device) => (
            <PushDeviceItem
              key={device.id}
              device={device}
              isThisDevice={device.endpoint === thisEndpoint}
              onRemoved={() => {
                if (device.endpoint === thisEndpoint) setThisEndpoint(null);
              }}
            />
          ))}
        </ul>
      ) : (
        <p className={textClass}>Powiadomienia nie są włączone na żadnym urządzeniu.</p>
      )}
    </div>
  );
}
