import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { LIST_WIDTH_MAX, LIST_WIDTH_MIN } from '../hooks/use-list-width';

/** One arrow press moves the separator this far; with Shift, four times as far. */
const KEY_STEP = 24;

/**
 * The separator between staff's list and thread (issue 31): dragged with the mouse or
 * moved with the arrow keys (Home and End go to the ends), as the ARIA window
 * splitter pattern describes. Only on wide screens; a phone shows one pane at a time.
 */
export function PaneSeparator({
  width,
  onWidthChange,
  controls,
}: {
  width: number;
  onWidthChange: (width: number) => void;
  /** The id of the list pane whose width it sets. */
  controls: string;
}) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    const next =
      event.key === 'ArrowLeft'
        ? width - step
        : event.key === 'ArrowRight'
          ? width + step
          : event.key === 'Home'
            ? LIST_WIDTH_MIN
            : event.key === 'End'
              ? LIST_WIDTH_MAX
              : null;
    if (next === null) return;
    event.preventDefault();
    onWidthChange(next);
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    onWidthChange(drag.current.startWidth + event.clientX - drag.current.startX);
  };
  const endDrag = () => {
    drag.current = null;
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable window splitter is role="separator" (an <hr> cannot take focus or a value)
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label="Szerokość listy zgłoszeń"
      aria-controls={controls}
      aria-valuenow={width}
      aria-valuemin={LIST_WIDTH_MIN}
      aria-valuemax={LIST_WIDTH_MAX}
      tabIndex={0}
      data-testid="list-separator"
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      className="group hidden w-3 shrink-0 cursor-col-resize touch-none items-stretch justify-center rounded outline-none focus-visible:ring-2 focus-visible:ring-blue-600 lg:flex"
    >
      <span
        aria-hidden="true"
        className="my-2 w-1 rounded-full bg-slate-300 transition group-hover:bg-blue-500 group-focus-visible:bg-blue-600 dark:bg-white/15"
      />
    </div>
  );
}
