import { countOf } from '@studio/shared/plural';

/** Polish wording shared by the checks: dates as staff read them, sizes and ages. */

const dateFormat = new Intl.DateTimeFormat('pl-PL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Warsaw',
});

export const when = (date: Date) => dateFormat.format(date);

/** „1,2 GB”, „340 MB”, „12 kB”. */
export function bytesInWords(bytes: number): string {
  const units = ['B', 'kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toLocaleString('pl-PL', { maximumFractionDigits: digits })} ${units[unit]}`;
}

/** „3 minuty”, „2 godziny”, „5 dni”: the largest whole unit. */
export function ageInWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'niecała minuta';
  if (minutes < 60) return countOf(minutes, { one: 'minuta', few: 'minuty', many: 'minut' });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return countOf(hours, { one: 'godzina', few: 'godziny', many: 'godzin' });
  return countOf(Math.floor(hours / 24), { one: 'dzień', few: 'dni', many: 'dni' });
}

/** Rejects after `ms` (the part that hangs is not stopped, only no longer waited for). */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
