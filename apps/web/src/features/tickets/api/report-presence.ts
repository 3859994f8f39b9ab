import type { PresenceState } from '@studio/shared/presence';

/**
 * `POST /api/tickets/:id/presence` (DESIGN.md §7.9). `keepalive` lets the
 * `left` of a closing tab still leave; a failure is ignored, because presence
 * is a hint that lapses by itself within 30 s.
 */
export function reportPresence(ticketId: number, state: PresenceState): void {
  if (typeof fetch === 'undefined') return;
  void fetch(`/api/tickets/${ticketId}/presence`, {
    method: 'POST',
    credentials: 'include',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ state }),
  }).catch(() => undefined);
}
