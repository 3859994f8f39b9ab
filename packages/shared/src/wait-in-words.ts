import { countOf } from './plural';

/**
 * "When may I try again", said the way a person would (issue 18): „za 45
 * sekund”, „za 48 min”, „za 2 godz.”, then a clock time („dziś o 21:30”,
 * „jutro o 9:30”, „28.11 o 9:30”) once the wait is long enough that counting
 * hours would make the reader do sums. Never raw seconds like „2851 sekund”.
 * Waits are rounded up: trying a minute late works, a minute early does not.
 */

const SECONDS = { one: 'sekundę', few: 'sekundy', many: 'sekund' };
/** Up to this wait the answer counts hours; beyond it, it names the time. */
const COUNT_HOURS_UP_TO_S = 6 * 3600;

export interface WaitOptions {
  now?: Date;
  /** The reader's zone; the browser's own when left out (the server passes Europe/Warsaw). */
  timeZone?: string;
}

export function waitInWords(seconds: number, options: WaitOptions = {}): string {
  const wait = Math.ceil(seconds);
  if (!Number.isFinite(wait) || wait <= 0) return 'za chwilę';
  if (wait < 60) return `za ${countOf(wait, SECONDS)}`;
  const minutes = Math.ceil(wait / 60);
  if (minutes < 60) return `za ${minutes} min`;
  if (wait <= COUNT_HOURS_UP_TO_S) {
    const hours = Math.floor(minutes / 60);
    const rest = minutes % 60;
    return rest === 0 ? `za ${hours} godz.` : `za ${hours} godz. ${rest} min`;
  }
  return atClockTime(wait, options);
}

function atClockTime(wait: number, { now = new Date(), timeZone }: WaitOptions): string {
  const then = new Date(now.getTime() + wait * 1000);
  const zone = timeZone ? { timeZone } : {};
  const dayOf = new Intl.DateTimeFormat('en-CA', { ...zone, dateStyle: 'short' });
  const clock = new Intl.DateTimeFormat('pl-PL', { ...zone, hour: 'numeric', minute: '2-digit' });
  const time = clock.format(then);
  const day = dayOf.format(then);
  if (day === dayOf.format(now)) return `dziś o ${time}`;
  const tomorrow = new Date(now.getTime() + 24 * 3600 * 1000);
  if (day === dayOf.format(tomorrow)) return `jutro o ${time}`;
  const date = new Intl.DateTimeFormat('pl-PL', { ...zone, day: 'numeric', month: '2-digit' });
  return `${date.format(then)} o ${time}`;
}
