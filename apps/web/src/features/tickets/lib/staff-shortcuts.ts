/**
 * The staff screen's one-key shortcuts (issue 17). They never fire while the
 * user types in a field or holds a modifier, so writing „j” in a reply or
 * pressing Ctrl+R does what it always did.
 */

export type ShortcutAction =
  | 'next'
  | 'previous'
  | 'reply'
  | 'note'
  | 'toggleStatus'
  | 'assignToMe'
  | 'search'
  | 'help';

export const SHORTCUTS: readonly { key: string; action: ShortcutAction; description: string }[] = [
  { key: 'j', action: 'next', description: 'Następne zgłoszenie' },
  { key: 'k', action: 'previous', description: 'Poprzednie zgłoszenie' },
  { key: 'r', action: 'reply', description: 'Pisz odpowiedź' },
  { key: 'n', action: 'note', description: 'Pisz notatkę wewnętrzną' },
  { key: 'e', action: 'toggleStatus', description: 'Zamknij lub otwórz zgłoszenie' },
  { key: 'a', action: 'assignToMe', description: 'Przypisz do mnie' },
  { key: '/', action: 'search', description: 'Szukaj zgłoszeń' },
  { key: '?', action: 'help', description: 'Pokaż skróty klawiszowe' },
];

export interface KeyLike {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
  target: EventTarget | null;
}

/** Fields, editable content and controls that take letters themselves (a select jumps by letter). */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (typeof HTMLElement === 'undefined' || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (tag !== 'INPUT') return false;
  const type = (target as HTMLInputElement).type;
  return !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color'].includes(
    type,
  );
}

/** The action a key press asks for, or null when it is not a shortcut here and now. */
export function shortcutFor(event: KeyLike): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return null;
  if (isTypingTarget(event.target)) return null;
  return SHORTCUTS.find((shortcut) => shortcut.key === event.key)?.action ?? null;
}

/**
 * The ticket after (`step` 1) or before (-1) the current one; the ends stay
 * put. When the current one has just left the list (closed in a view of open
 * tickets), `formerIndex` is where it stood: the ticket now in its place is
 * the next one and the one before it the previous, so `j` after `e` goes on
 * from there (issue 31) instead of back to the top.
 */
export function neighbourId(
  ids: readonly number[],
  current: number | null,
  step: 1 | -1,
  formerIndex: number | null = null,
): number | null {
  if (ids.length === 0) return null;
  const index = current === null ? -1 : ids.indexOf(current);
  if (index === -1) {
    if (formerIndex === null) return ids[0] ?? null;
    const next = step === 1 ? formerIndex : formerIndex - 1;
    return ids[Math.min(ids.length - 1, Math.max(0, next))] ?? null;
  }
  const next = Math.min(ids.length - 1, Math.max(0, index + step));
  return ids[next] ?? null;
}
