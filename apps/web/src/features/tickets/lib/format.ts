import { countOf } from '~/lib/plural';

const dateTime = new Intl.DateTimeFormat('pl-PL', { dateStyle: 'short', timeStyle: 'short' });
const timeOnly = new Intl.DateTimeFormat('pl-PL', { timeStyle: 'short' });

function parse(iso: string): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "12.03.2026, 14:05", or only the time for today; '' for a missing or broken date. */
export function formatMessageTime(iso: string, now = new Date()): string {
  const date = parse(iso);
  if (!date) return '';
  const sameDay =
    date.getFullYear() === now.getFullYear() &&
    date.getMonth() === now.getMonth() &&
    date.getDate() === now.getDate();
  return sameDay ? timeOnly.format(date) : dateTime.format(date);
}

export function formatFullDateTime(iso: string): string {
  const date = parse(iso);
  return date ? dateTime.format(date) : '';
}

/** "unread message" for screen readers, in the form the count asks for (1 / 2–4 / 5+, 12–14 many). */
export function unreadLabel(count: number): string {
  return countOf(count, {
    one: 'nieprzeczytana wiadomość',
    few: 'nieprzeczytane wiadomości',
    many: 'nieprzeczytanych wiadomości',
  });
}
