import { NOTE_LABEL } from './note-style';

interface StaffComposerBarProps {
  isNote: boolean;
  onNoteChange: (isNote: boolean) => void;
  onOpenReplies: () => void;
  onShowShortcuts: () => void;
}

/** Above staff's composer: reply or internal note, the saved replies and the shortcut list. */
export function StaffComposerBar({
  isNote,
  onNoteChange,
  onOpenReplies,
  onShowShortcuts,
}: StaffComposerBarProps) {
  const option = (value: boolean, label: string) => (
    <label
      className={`cursor-target inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 py-1 text-xs font-semibold has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-500 ${
        isNote === value
          ? value
            ? 'border-amber-600 bg-amber-200 text-amber-950 dark:border-amber-300 dark:bg-amber-300/25 dark:text-amber-50'
            : 'border-blue-700 bg-blue-700 text-white dark:border-blue-400 dark:bg-blue-700'
          : 'border-slate-400 text-slate-800 dark:border-white/25 dark:text-slate-100'
      }`}
    >
      <input
        type="radio"
        name="composer-kind"
        className="sr-only"
        checked={isNote === value}
        onChange={() => onNoteChange(value)}
      />
      {label}
    </label>
  );
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 px-3 pt-2 sm:px-4 dark:border-white/10">
      <fieldset className="flex flex-wrap gap-1.5">
        <legend className="sr-only">Rodzaj wpisu</legend>
        {option(false, 'Odpowiedź')}
        {option(true, NOTE_LABEL)}
      </fieldset>
      <div className="flex flex-wrap gap-1.5">
        <button
          type="button"
          onClick={onOpenReplies}
          className="cursor-target min-h-9 rounded-lg px-2 text-xs font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-600 dark:text-blue-300"
        >
          Gotowe odpowiedzi (/)
        </button>
        <button
          type="button"
          onClick={onShowShortcuts}
          className="cursor-target min-h-9 rounded-lg px-2 text-xs font-semibold text-blue-700 underline underline-offset-2 hover:text-blue-600 dark:text-blue-300"
        >
          Skróty (?)
        </button>
      </div>
    </div>
  );
}
