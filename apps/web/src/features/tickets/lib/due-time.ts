import { plural } from '~/lib/plural';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export interface DueState {
  overdue: boolean;
  /** „Po terminie”, „Zostało 25 min”, „Zostało 3 h”, „Zostały 2 dni”. */
  label: string;
}

/**
 * What a list row says of a ticket's due time (DESIGN.md §7.9), short like
 * „czeka 3 h”: minutes and hours abbreviated, days with the verb agreeing.
 * Overdue when the server says so or the due time has passed since the list
 * was loaded. Null without a due time (nobody waits on staff, or closed).
 */
export function dueState(
  ticket: { due_at?: string | null; overdue?: boolean },
  now = Date.now(),
): DueState | null {
  if (!ticket.due_at) return null;
  const due = Date.parse(ticket.due_at);
  if (Number.isNaN(due)) return null;
  const left = due - now;
  if (ticket.overdue || left <= 0) return { overdue: true, label: 'Po terminie' };
  if (left < HOUR_MS)
    return { overdue: false, label: `Zostało ${Math.max(1, Math.floor(left / MINUTE_MS))} min` };
  if (left < DAY_MS) return { overdue: false, label: `Zostało ${Math.floor(left / HOUR_MS)} h` };
  const days = Math.floor(left / DAY_MS);
  const verb = plural(days, { one: 'Został', few: 'Zostały', many: 'Zostało' });
  const noun = plural(days, { one: 'dzień', few: 'dni', many: 'dni' });
  return { overdue: false, label: `${verb} ${days} ${noun}` };
}
