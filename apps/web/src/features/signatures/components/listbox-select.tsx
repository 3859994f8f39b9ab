import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';

export interface ListboxOption<Value extends string> {
  value: Value;
  /** Plain text used for type-ahead (the accessible name comes from `content`). */
  text: string;
  /** What the option looks like in the list. */
  content: ReactNode;
}

interface ListboxSelectProps<Value extends string> {
  label: string;
  options: readonly ListboxOption<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** What the closed control shows for the selected option. */
  renderValue: (option: ListboxOption<Value>) => ReactNode;
  name?: string;
}

/**
 * A select whose options can show pictures (a native `<select>` cannot), built
 * as the WAI-ARIA APG "select-only combobox": focus stays on the combobox and
 * `aria-activedescendant` points at the active option; arrows, Home/End and
 * PageUp/PageDown move it, Enter/Space/Tab (and Alt+Up) choose it, Escape
 * closes without choosing, and typed letters jump to the matching option.
 */
export function ListboxSelect<Value extends string>({
  label,
  options,
  value,
  onChange,
  renderValue,
  name,
}: ListboxSelectProps<Value>) {
  const baseId = useId();
  const labelId = `${baseId}-label`;
  const listboxId = `${baseId}-listbox`;
  const optionId = (index: number) => `${baseId}-option-${index}`;

  const comboboxRef = useRef<HTMLDivElement>(null);
  const listboxRef = useRef<HTMLDivElement>(null);
  const typeahead = useRef({ text: '', timer: 0 });

  const selectedIndex = Math.max(
    0,
    options.findIndex((option) => option.value === value),
  );
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(selectedIndex);

  const selected = options[selectedIndex];

  useEffect(() => {
    if (!isOpen) return;
    const active = listboxRef.current?.querySelector<HTMLElement>(`[data-index="${activeIndex}"]`);
    active?.scrollIntoView({ block: 'nearest' });
  }, [isOpen, activeIndex]);

  useEffect(() => () => window.clearTimeout(typeahead.current.timer), []);

  function open(index = selectedIndex) {
    setActiveIndex(index);
    setIsOpen(true);
  }

  function close() {
    setIsOpen(false);
    // A new search starts with the next opening.
    window.clearTimeout(typeahead.current.timer);
    typeahead.current.text = '';
  }

  function choose(index: number) {
    const option = options[index];
    if (option && option.value !== value) onChange(option.value);
    close();
  }

  function clamp(index: number) {
    return Math.min(options.length - 1, Math.max(0, index));
  }

  function findByTypeahead(key: string): number | null {
    const state = typeahead.current;
    window.clearTimeout(state.timer);
    state.text += key.toLowerCase();
    state.timer = window.setTimeout(() => {
      state.text = '';
    }, 600);
    const start = isOpen ? activeIndex : selectedIndex;
    // Repeating one letter cycles through the options starting with it.
    const isRepeat = state.text.split('').every((letter) => letter === state.text[0]);
    const query = isRepeat ? (state.text[0] ?? '') : state.text;
    const ordered = [...options.keys()].map((offset) => (start + offset + 1) % options.length);
    if (!isRepeat) ordered.unshift(start);
    const match = ordered.find((index) => options[index]?.text.toLowerCase().startsWith(query));
    return match ?? null;
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const { key } = event;
    if (!isOpen) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) {
        event.preventDefault();
        open();
      } else if (key === 'Home') {
        event.preventDefault();
        open(0);
      } else if (key === 'End') {
        event.preventDefault();
        open(options.length - 1);
      } else if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
        const match = findByTypeahead(key);
        if (match !== null) open(match);
      }
      return;
    }

    switch (key) {
      case 'ArrowDown':
        event.preventDefault();
        if (event.altKey) choose(activeIndex);
        else setActiveIndex((index) => clamp(index + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (event.altKey) choose(activeIndex);
        else setActiveIndex((index) => clamp(index - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActiveIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setActiveIndex(options.length - 1);
        break;
      case 'PageDown':
        event.preventDefault();
        setActiveIndex((index) => clamp(index + 5));
        break;
      case 'PageUp':
        event.preventDefault();
        setActiveIndex((index) => clamp(index - 5));
        break;
      case ' ':
        // Inside a type-ahead word a space is part of the search ("Los S…").
        if (typeahead.current.text) {
          event.preventDefault();
          const match = findByTypeahead(key);
          if (match !== null) setActiveIndex(match);
          break;
        }
        event.preventDefault();
        choose(activeIndex);
        break;
      case 'Enter':
        event.preventDefault();
        choose(activeIndex);
        break;
      case 'Escape':
        event.preventDefault();
        close();
        break;
      case 'Tab':
        // Tab keeps its default (moving focus on) and also takes the active option.
        choose(activeIndex);
        break;
      default:
        if (key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
          const match = findByTypeahead(key);
          if (match !== null) setActiveIndex(match);
        }
    }
  }

  return (
    <div className="relative">
      {/* A div cannot be the target of <label for>, so clicking the label focuses the combobox by hand. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: mirrors the click behaviour of a native label */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the combobox itself is keyboard operable */}
      <div
        id={labelId}
        className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-200"
        onClick={() => comboboxRef.current?.focus()}
      >
        {label}
      </div>
      <div
        ref={comboboxRef}
        role="combobox"
        tabIndex={0}
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={listboxId}
        aria-activedescendant={isOpen ? optionId(activeIndex) : undefined}
        data-value={value}
        className="cursor-target flex min-h-14 w-full cursor-pointer items-center gap-3 rounded-xl border border-slate-300 bg-white/80 px-3 py-2 text-left text-slate-900 shadow-sm outline-none transition hover:border-blue-400 focus-visible:border-blue-500 focus-visible:ring-2 focus-visible:ring-blue-500/60 dark:border-white/15 dark:bg-slate-900/70 dark:text-slate-100 dark:hover:border-blue-400/70"
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={onKeyDown}
        onBlur={close}
      >
        <span className="min-w-0 flex-1">{selected ? renderValue(selected) : null}</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          className={`size-5 shrink-0 text-slate-500 transition-transform dark:text-slate-400 ${isOpen ? 'rotate-180' : ''}`}
        >
          <path d="M5 7.5 10 12.5 15 7.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </div>
      {name ? <input type="hidden" name={name} value={value} /> : null}
      <div
        ref={listboxRef}
        id={listboxId}
        role="listbox"
        aria-labelledby={labelId}
        tabIndex={-1}
        hidden={!isOpen}
        className="absolute inset-x-0 z-30 mt-2 max-h-80 overflow-y-auto overscroll-contain rounded-xl border border-slate-200 bg-white p-1 shadow-xl shadow-slate-900/10 dark:border-white/10 dark:bg-slate-900 dark:shadow-black/40"
        // Keep focus on the combobox while the pointer picks an option.
        onMouseDown={(event) => event.preventDefault()}
      >
        {options.map((option, index) => {
          const isSelected = option.value === value;
          const isActive = isOpen && index === activeIndex;
          // As in the APG example, the option under the keyboard is the one announced as
          // selected while the list is open; the check mark shows the committed value.
          return (
            // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the combobox (aria-activedescendant)
            <div
              key={option.value}
              id={optionId(index)}
              role="option"
              tabIndex={-1}
              aria-selected={isOpen ? isActive : isSelected}
              data-index={index}
              data-value={option.value}
              className={`flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-slate-800 dark:text-slate-100 ${
                isActive ? 'bg-blue-50 ring-1 ring-blue-400/60 dark:bg-blue-500/15' : ''
              } ${isSelected ? 'font-semibold' : ''}`}
              onMouseMove={() => setActiveIndex(index)}
              onClick={() => choose(index)}
            >
              <span className="min-w-0 flex-1">{option.content}</span>
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className={`size-4 shrink-0 text-blue-600 dark:text-blue-400 ${isSelected ? '' : 'invisible'}`}
              >
                <path
                  d="m4.5 10.5 3.5 3.5 7.5-8"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="2"
                />
              </svg>
            </div>
          );
        })}
      </div>
    </div>
  );
}
