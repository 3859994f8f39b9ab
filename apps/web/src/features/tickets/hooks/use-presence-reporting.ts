import { PRESENCE_REFRESH_MS, type PresenceState } from '@studio/shared/presence';
import { useCallback, useEffect, useRef } from 'react';
import { reportPresence } from '../api/report-presence';

/** While typing goes on, `typing` is said again at most this often (the server lapses it after 30 s). */
export const TYPING_REPEAT_MS = 5_000;
/** This long after the last key the staff member is only viewing again. */
export const TYPING_IDLE_MS = 6_000;

type OnTicket = Exclude<PresenceState, 'left'>;

/**
 * Staff's side of presence (DESIGN.md §7.9): while a ticket is open and the
 * page visible, `viewing` is said at once and every 20 s; `typing` while the
 * composer is typed in (throttled, back to `viewing` after a pause); `left`
 * when the ticket is closed in the screen, another one is opened, or the tab
 * goes away (keepalive, so it leaves with the page). A hidden page says
 * nothing and lapses by itself.
 */
export function usePresenceReporting({ ticketId }: { ticketId: number | null }) {
  const state = useRef<OnTicket>('viewing');
  const lastTyping = useRef(0);
  const idle = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (ticketId === null) return;
    state.current = 'viewing';
    const isVisible = () => document.visibilityState !== 'hidden';
    const sayState = () => {
      if (isVisible()) reportPresence(ticketId, state.current);
    };
    sayState();
    const refresh = setInterval(sayState, PRESENCE_REFRESH_MS);
    const onLeave = () => reportPresence(ticketId, 'left');
    document.addEventListener('visibilitychange', sayState);
    window.addEventListener('pageshow', sayState);
    window.addEventListener('pagehide', onLeave);
    return () => {
      clearInterval(refresh);
      if (idle.current) clearTimeout(idle.current);
      idle.current = null;
      document.removeEventListener('visibilitychange', sayState);
      window.removeEventListener('pageshow', sayState);
      window.removeEventListener('pagehide', onLeave);
      onLeave();
    };
  }, [ticketId]);

  /** Called on every change of the composer's text. */
  const onTyping = useCallback(() => {
    if (ticketId === null) return;
    const now = Date.now();
    if (state.current !== 'typing' || now - lastTyping.current >= TYPING_REPEAT_MS) {
      state.current = 'typing';
      lastTyping.current = now;
      reportPresence(ticketId, 'typing');
    }
    if (idle.current) clearTimeout(idle.current);
    idle.current = setTimeout(() => {
      idle.current = null;
      state.current = 'viewing';
      reportPresence(ticketId, 'viewing');
    }, TYPING_IDLE_MS);
  }, [ticketId]);

  return { onTyping };
}
