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

/** Polish plural of "unread message" for screen readers: 1 / 2–4 / 5+ (12–14 take the last). */
export function unreadLabel(count: number): string {
  if (count === 1) return '1 nieprzeczytana wiadomość';
  const lastDigit = count % 10;
  const lastTwo = count % 100;
  if (lastDigit >= 2 && lastDigit <= 4 && (lastTwo < 12 || lastTwo > 14)) {
    return `${count} nieprzeczytane wiadomości`;
  }
  return `${count} nieprzeczytanych wiadomości`;
}
