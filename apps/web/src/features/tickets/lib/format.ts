import { countOf } from '~/lib/plural';

/**
 * The formatters of one time zone (undefined: the browser's own). The server
 * renders in its zone and the browser hydrates in that same zone before it
 * switches to its own (display-clock.ts), so both are asked for by name.
 */
interface ZoneFormatters {
  dateTime: Intl.DateTimeFormat;
  timeOnly: Intl.DateTimeFormat;
  /** A day as a comparable string. */
  day: Intl.DateTimeFormat;
}

function formattersOf(timeZone: string | undefined): ZoneFormatters {
  const key = timeZone ?? '';
  let formatters = formattersByZone.get(key);
  if (!formatters) {
    formatters = {
      dateTime: new Intl.DateTimeFormat('pl-PL', {
        dateStyle: 'short',
        timeStyle: 'short',
        timeZone,
      }),
      timeOnly: new Intl.DateTimeFormat('pl-PL', { timeStyle: 'short', timeZone }),
      day: new Intl.DateTimeFormat('en-CA', { dateStyle: 'short', timeZone }),
    };
    formattersByZone.set(key, formatters);
  }
  return formatters;
}
const formattersByZone = new Map<string, ZoneFormatters>();

function parse(iso: string): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12.03.2026, 14:05", or only the time for today (in `timeZone`); '' for a missing or broken date. */
export function formatMessageTime(iso: string, now = new Date(), timeZone?: string): string {
  const date = parse(iso);
  if (!date) return '';
  const { dateTime, timeOnly, day } = formattersOf(timeZone);
  return day.format(date) === day.format(now) ? timeOnly.format(date) : dateTime.format(date);
}

export function formatFullDateTime(iso: string, timeZone?: string): string {
  const date = parse(iso);
  return date ? formattersOf(timeZone).dateTime.format(date) : '';
}

/** "unread message" for screen readers, in the form the count asks for (1 / 2–4 / 5+, 12–14 many). */
export function unreadLabel(count: number): string {
  return countOf(count, {
    one: 'nieprzeczytana wiadomość',
    few: 'nieprzeczytane wiadomości',
    many: 'nieprzeczytanych wiadomości',
  });
}
