import { useId } from 'react';
import { Dialog } from '~/components/dialog';
import { SHORTCUTS } from '../lib/staff-shortcuts';
import { secondaryButtonClass } from './styles';

/** Shortcuts that work while writing (⌘ instead of Ctrl on a Mac). */
const FIELD_SHORTCUTS = [
  ['Ctrl+Enter', 'Wyślij'],
  ['Ctrl+Shift+Enter', 'Wyślij i zamknij'],
  ['Ctrl+Alt+Enter', 'Wyślij i następne'],
] as const;

/** `?`: the staff screen's one-key shortcuts, and the send keys of the reply field. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className="w-full max-w-md p-4 sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Skróty klawiszowe
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Działają, gdy nie piszesz w polu tekstowym. Esc opuszcza pole.
      </p>
      <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2">
        {SHORTCUTS.map((shortcut) => (
          <div key={shortcut.key} className="contents">
            <dt>
              <kbd className="inline-flex min-w-8 justify-center rounded-md border border-slate-400 bg-slate-100 px-2 py-0.5 font-mono text-sm dark:border-white/25 dark:bg-white/10">
                {shortcut.key}
              </kbd>
            </dt>
            <dd className="text-sm">{shortcut.description}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-semibold">W polu odpowiedzi</h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2">
        {FIELD_SHORTCUTS.map(([keys, description]) => (
          <div key={keys} className="contents">
            <dt>
              <kbd className="inline-flex justify-center rounded-md border border-slate-400 bg-slate-100 px-2 py-0.5 font-mono text-sm dark:border-white/25 dark:bg-white/10">
                {keys}
              </kbd>
            </dt>
            <dd className="text-sm">{description}</dd>
          </div>
        ))}
      </dl>
      <button type="button" onClick={onClose} className={`${secondaryButtonClass} mt-4`}>
        Zamknij
      </button>
    </Dialog>
  );
}
