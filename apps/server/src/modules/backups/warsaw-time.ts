/**
 * The studio's wall clock: BACKUP_HOUR and the days and weeks of the rotation
 * are Europe/Warsaw's, whatever the machine's time zone, across DST changes.
 */
const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Warsaw',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  hourCycle: 'h23',
});

export interface WarsawTime {
  /** 'YYYY-MM-DD' */
  day: string;
  hour: number;
  /** The Monday (YYYY-MM-DD) of the week holding `day`. */
  week: string;
}

export function warsawTime(date: Date): WarsawTime {
  const get = (type: Intl.DateTimeFormatPartTypes) =>
    parts.formatToParts(date).find((part) => part.type === type)?.value ?? '';
  const day = `${get('year')}-${get('month')}-${get('day')}`;
  const noon = new Date(`${day}T12:00:00Z`);
  const sinceMonday = (noon.getUTCDay() + 6) % 7;
  const monday = new Date(noon.getTime() - sinceMonday * 86_400_000);
  return { day, hour: Number(get('hour')), week: monday.toISOString().slice(0, 10) };
}

/** '27.11.2026, 03:00' for the status page. */
export function polishDateTime(date: Date): string {
  return new Intl.DateTimeFormat('pl-PL', {
    timeZone: 'Europe/Warsaw',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}
