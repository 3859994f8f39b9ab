import { useCallback, useEffect, useState } from 'react';

/** Staff's list width in pixels (issue 31), kept per browser. */
export const LIST_WIDTH_KEY = 'nd_desk_list_width';
export const LIST_WIDTH_MIN = 320;
export const LIST_WIDTH_MAX = 1100;
/** Wide enough for two-line rows beside a readable thread at 1440 px. */
export const LIST_WIDTH_DEFAULT = 480;

export function clampListWidth(width: number): number {
  if (!Number.isFinite(width)) return LIST_WIDTH_DEFAULT;
  return Math.round(Math.min(LIST_WIDTH_MAX, Math.max(LIST_WIDTH_MIN, width)));
}

function readStoredWidth(): number {
  try {
    const stored = window.localStorage.getItem(LIST_WIDTH_KEY);
    return stored === null ? LIST_WIDTH_DEFAULT : clampListWidth(Number(stored));
  } catch {
    return LIST_WIDTH_DEFAULT;
  }
}

/**
 * The width of the list beside the thread, moved by the separator and remembered in
 * local storage. The stored value is read after mounting, so the server's HTML and the
 * first render agree.
 */
export function useListWidth() {
  const [width, setWidthState] = useState(LIST_WIDTH_DEFAULT);
  useEffect(() => setWidthState(readStoredWidth()), []);
  const setWidth = useCallback((next: number) => {
    const clamped = clampListWidth(next);
    setWidthState(clamped);
    try {
      window.localStorage.setItem(LIST_WIDTH_KEY, String(clamped));
    } catch {
      // Not kept; the next visit starts at the default width.
    }
  }, []);
  return { width, setWidth };
}
