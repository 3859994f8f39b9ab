import { unreadLabel } from '../lib/format';
import { ticketStatusLabel } from '../lib/messages';
import type { TicketSummary } from '../lib/selection';
import { badgeLabel } from '../lib/unread';

export function StatusBadge({ status }: { status: TicketSummary['status'] }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
        status === 'open'
          ? 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-200'
          : 'bg-slate-200 text-slate-700 dark:bg-white/10 dark:text-slate-300'
      }`}
    >
      <span
        aria-hidden="true"
        className={`size-1.5 rounded-full ${status === 'open' ? 'bg-emerald-500' : 'bg-slate-400'}`}
      />
      {ticketStatusLabel(status)}
    </span>
  );
}

export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span
      data-testid="unread-badge"
      className="inline-flex min-w-6 items-center justify-center rounded-full bg-red-600 px-1.5 py-0.5 text-xs font-bold text-white"
    >
      <span aria-hidden="true">{badgeLabel(count)}</span>
      <span className="sr-only">{unreadLabel(count)}</span>
    </span>
  );
}
