import { type KeyboardEvent, useId, useMemo, useRef, useState } from 'react';
import { Dialog } from '~/components/dialog';
import { type SavedReply, useSavedReplies } from '../api/get-saved-replies';
import { REPLIES_LOAD_ERROR } from '../lib/messages';
import { matchesReply } from '../lib/saved-reply-text';
import { LoadError } from './load-error';
import { secondaryButtonClass } from './styles';

interface SavedReplyPickerProps {
  open: boolean;
  onClose: () => void;
  onPick: (reply: SavedReply) => void;
  onManage: () => void;
}

/**
 * The searchable list of saved replies (combobox + listbox pattern): typing
 * filters, ↑/↓ move the active option, Enter inserts it, Escape closes.
 */
export function SavedReplyPicker({ open, onClose, onPick, onManage }: SavedReplyPickerProps) {
  const titleId = useId();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const replies = useSavedReplies({ enabled: open });
  const shown = useMemo(
    () => (replies.data ?? []).filter((reply) => matchesReply(reply, query)),
    [replies.data, query],
  );
  const activeIndex = Math.min(active, Math.max(0, shown.length - 1));
  const optionId = (index: number) => `${listId}-${index}`;

  const close = () => {
    setQuery('');
    setActive(0);
    onClose();
  };
  const pick = (reply: SavedReply | undefined) => {
    if (!reply) return;
    setQuery('');
    setActive(0);
    onPick(reply);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive(Math.min(shown.length - 1, Math.max(0, activeIndex + step)));
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      setActive(event.key === 'Home' ? 0 : shown.length - 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      pick(shown[activeIndex]);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      labelledBy={titleId}
      initialFocus={inputRef}
      className="w-full max-w-lg p-4 sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        Gotowe odpowiedzi
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        Wpisz, aby zawęzić. ↑ ↓ wybierają, Enter wstawia do odpowiedzi, Esc zamyka.
      </p>
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-label="Szukaj gotowej odpowiedzi"
        aria-expanded="true"
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={shown.length > 0 ? optionId(activeIndex) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        className="mt-3 min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 dark:border-white/25 dark:bg-slate-950/70 dark:text-white"
      />
      {replies.isPending ? (
        <p role="status" className="mt-3 text-sm text-slate-700 dark:text-slate-300">
          Wczytywanie…
        </p>
      ) : replies.isError ? (
        <LoadError message={REPLIES_LOAD_ERROR} onRetry={() => void replies.refetch()} />
      ) : null}
      <div
        id={listId}
        role="listbox"
        aria-label="Gotowe odpowiedzi"
        className="mt-3 flex max-h-72 flex-col gap-1 overflow-y-auto"
      >
        {shown.map((reply, index) => (
          // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works through the combobox (aria-activedescendant)
          <div
            key={reply.id}
            id={optionId(index)}
            role="option"
            tabIndex={-1}
            aria-selected={index === activeIndex}
            onClick={() => pick(reply)}
            onMouseMove={() => setActive(index)}
            className={`cursor-pointer rounded-lg border px-3 py-2 ${
              index === activeIndex
                ? 'border-blue-600 bg-blue-50 dark:border-blue-400 dark:bg-blue-400/15'
                : 'border-transparent'
            }`}
          >
            <span className="block font-semibold">{reply.title}</span>
            <span className="line-clamp-2 text-sm text-slate-700 dark:text-slate-300">
              {reply.body}
            </span>
          </div>
        ))}
      </div>
      {replies.isSuccess && shown.length === 0 && (
        <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {replies.data.length === 0
            ? 'Nie ma jeszcze gotowych odpowiedzi.'
            : 'Żadna gotowa odpowiedź nie pasuje.'}
        </p>
      )}
      <div className="mt-4 flex flex-wrap justify-between gap-2">
        <button type="button" onClick={onManage} className={secondaryButtonClass}>
          Zarządzaj gotowymi odpowiedziami
        </button>
        <button type="button" onClick={close} className={secondaryButtonClass}>
          Zamknij
        </button>
      </div>
    </Dialog>
  );
}
