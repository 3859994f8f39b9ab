import type { PresenceUser } from '@studio/shared/presence';
import { useCurrentUser } from '~/lib/session';
import { useTicketPresence } from '../hooks/use-ticket-presence';
import { initialsOf, presenceLabel } from '../lib/presence';

/**
 * Small round initials of the staff on a ticket; each is named for screen
 * readers („Anna przegląda”, „Anna pisze…”). Spans only, so it may sit
 * inside a list row's button.
 */
export function PresenceAvatars({ users }: { users: readonly PresenceUser[] }) {
  if (users.length === 0) return null;
  return (
    <span data-testid="presence" className="inline-flex items-center -space-x-1.5">
      {users.map((user) => {
        const label = presenceLabel(user);
        const isTyping = user.state === 'typing';
        return (
          <span
            key={user.id}
            role="img"
            aria-label={label}
            title={label}
            data-state={user.state}
            className={`relative inline-flex size-7 shrink-0 items-center justify-center rounded-full border-2 border-white text-[0.65rem] font-bold dark:border-slate-900 ${
              isTyping
                ? 'bg-amber-200 text-amber-950 dark:bg-amber-300 dark:text-amber-950'
                : 'bg-blue-100 text-blue-900 dark:bg-blue-400/30 dark:text-blue-50'
            }`}
          >
            <span aria-hidden="true">{initialsOf(user.username)}</span>
            {isTyping && (
              <span
                aria-hidden="true"
                className="absolute -right-1 -bottom-1 rounded-full bg-amber-600 px-1 text-[0.6rem] leading-3 text-white"
              >
                …
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}

/** The OTHER staff on a ticket (never the viewer), live from the admins' list stream. */
export function TicketPresence({ ticketId }: { ticketId: number }) {
  const { user } = useCurrentUser();
  const users = useTicketPresence(ticketId, user?.id);
  return <PresenceAvatars users={users} />;
}
