import { countOf } from '~/lib/plural';

const MINUTES = { one: 'minutę', few: 'minuty', many: 'minut' };
const HOURS = { one: 'godzinę', few: 'godziny', many: 'godzin' };
const DAYS = { one: 'dzień', few: 'dni', many: 'dni' };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * „Ostatnio używane” in words: „przed chwilą”, „5 minut temu”, „2 godziny temu”,
 * „3 dni temu”; after a month the date itself reads better. The server writes
 * the time at most once a minute, so anything under two minutes is „przed chwilą”.
 */
export function lastUsedInWords(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso);
  const ago = Math.max(0, now - at);
  if (ago < 2 * MINUTE) return 'przed chwilą';
  if (ago < HOUR) return `${countOf(Math.floor(ago / MINUTE), MINUTES)} temu`;
  if (ago < DAY) return `${countOf(Math.floor(ago / HOUR), HOURS)} temu`;
  if (ago < 2 * DAY) return 'wczoraj';
  if (ago < 30 * DAY) return `${countOf(Math.floor(ago / DAY), DAYS)} temu`;
  return new Intl.DateTimeFormat('pl-PL', { dateStyle: 'long' }).format(at);
}
