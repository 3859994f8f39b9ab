import { countOf } from '@studio/shared/plural';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/rows-of';
import { jobs, pushSubscriptions } from '../../../db/schema/index';
import { when } from '../format';
import type { StatusCheckFn } from '../status-check';

/** The window whose delivery attempts the line judges. */
const WINDOW_MS = 60 * 60_000;

const devicesInWords = (n: number) =>
  countOf(n, { one: 'urządzeniu', few: 'urządzeniach', many: 'urządzeniach' });

/**
 * `push`: shown once any device has push on (DESIGN.md §7.12, "those that
 * apply"). Each subscription keeps when a push last reached its push service
 * and when one last failed (modules/push/run-push-job.ts), whichever instance
 * sent it; the line warns when, of the devices tried in the last hour, more
 * than half saw their latest attempt fail. 404/410 are not failures: the
 * device unsubscribed and was removed.
 */
export const pushCheck: StatusCheckFn = async (app) => {
  const { db, clock } = app.deps;
  const now = clock.now();
  const since = new Date(now.getTime() - WINDOW_MS).toISOString();
  const [row] = await rowsOf<{
    devices: string | number;
    tried: string | number;
    failing: string | number;
    last_push: string | Date | null;
    last_failure: string | Date | null;
    waiting: string | number;
  }>(
    db,
    sql`select count(*) as devices,
      count(*) filter (where greatest(${pushSubscriptions.lastPushAt}, ${pushSubscriptions.lastFailureAt}) >= ${since}::timestamptz) as tried,
      count(*) filter (where ${pushSubscriptions.lastFailureAt} >= ${since}::timestamptz
        and (${pushSubscriptions.lastPushAt} is null or ${pushSubscriptions.lastFailureAt} > ${pushSubscriptions.lastPushAt})) as failing,
      max(${pushSubscriptions.lastPushAt}) as last_push,
      max(${pushSubscriptions.lastFailureAt}) as last_failure,
      (select count(*) from ${jobs} where ${jobs.kind} = 'push') as waiting
    from ${pushSubscriptions}`,
  );
  const devices = Number(row?.devices ?? 0);
  if (devices === 0) return null;
  const tried = Number(row?.tried ?? 0);
  const failing = Number(row?.failing ?? 0);
  const waiting = Number(row?.waiting ?? 0);
  const lastPush = row?.last_push ? new Date(row.last_push) : null;
  const lastFailure = row?.last_failure ? new Date(row.last_failure) : null;
  const facts = [
    `Powiadomienia push są włączone na ${devicesInWords(devices)}.`,
    lastPush ? `Ostatnie dostarczone: ${when(lastPush)}.` : 'Nie było jeszcze nic do wysłania.',
    waiting
      ? `W kolejce: ${countOf(waiting, { one: 'powiadomienie', few: 'powiadomienia', many: 'powiadomień' })}.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  if (tried > 0 && failing * 2 > tried) {
    return {
      id: 'push',
      state: 'warn',
      detail: `${facts} W ostatniej godzinie ostatnia próba wysyłki nie powiodła się dla ${failing} z ${tried} urządzeń${lastFailure ? ` (ostatni błąd: ${when(lastFailure)})` : ''}: sprawdź, czy serwer może łączyć się z usługami powiadomień przeglądarek (https, port 443), i dziennik serwera (wpisy „job failed”). Nieudane powiadomienia są ponawiane.`,
    };
  }
  return { id: 'push', state: 'ok', detail: facts };
};
