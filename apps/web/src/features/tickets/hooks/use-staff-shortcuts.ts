import { useEffect, useRef } from 'react';
import { type ShortcutAction, shortcutFor } from '../lib/staff-shortcuts';

/**
 * Listens for the staff shortcuts on the whole page. Handlers are read fresh
 * on every key press (a ref), so the listener is added once. Nothing fires
 * while a dialog is open: it owns the keyboard then.
 */
export function useStaffShortcuts(
  enabled: boolean,
  handlers: Partial<Record<ShortcutAction, () => void>>,
) {
  const latest = useRef(handlers);
  latest.current = handlers;

  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || document.querySelector('[aria-modal="true"]')) return;
      const action = shortcutFor(event);
      const handler = action ? latest.current[action] : undefined;
      if (!handler) return;
      // `/` would otherwise be typed into the search field it focuses.
      event.preventDefault();
      handler();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
