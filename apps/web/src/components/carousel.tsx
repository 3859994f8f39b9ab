import {
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { usePrefersReducedMotion } from '~/lib/use-media-query';

export interface CarouselProps<T> {
  items: readonly T[];
  renderItem: (item: T, index: number, isActive: boolean) => ReactNode;
  getKey: (item: T) => string | number;
  /** Name of a slide, used by its dot and by screen readers. */
  getLabel: (item: T, index: number) => string;
  /** Accessible name of the whole carousel. */
  ariaLabel: string;
  /** Time each slide stays before the next one, in ms (SPEC.md §9: 4000). */
  autoplayDelay?: number;
  autoplay?: boolean;
  pauseOnHover?: boolean;
  /** After the last slide comes the first (and the other way round). */
  loop?: boolean;
  /** Space between slides in px (16). */
  gap?: number;
  /** A drag released faster than this many px/s turns the slide (500). */
  velocityThreshold?: number;
  /** A drag longer than this many px turns the slide (0). */
  dragBuffer?: number;
  className?: string;
}

/** Below this much movement a press is a click, not a drag (keeps links clickable). */
const CLICK_SLOP_PX = 3;
/** Velocity is measured over the last part of the gesture only. */
const VELOCITY_WINDOW_MS = 80;

/**
 * A draggable, swipeable slide show with autoplay, dots and arrow keys.
 * Size follows SPEC.md §9 in CSS (320 px wide and 500 px tall up to 768 px
 * screens, else 1200 × 600), shrinking to the available width so it never
 * overflows; JS only measures that width to position the track.
 */
export function Carousel<T>({
  items,
  renderItem,
  getKey,
  getLabel,
  ariaLabel,
  autoplayDelay = 4000,
  autoplay = true,
  pauseOnHover = true,
  loop = true,
  gap = 16,
  velocityThreshold = 500,
  dragBuffer = 0,
  className = '',
}: CarouselProps<T>) {
  const count = items.length;
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dragOffset, setDragOffset] = useState<number | null>(null);
  const [slideWidth, setSlideWidth] = useState(0);
  const viewportRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{
    id: number;
    startX: number;
    startY: number;
    active: boolean;
    samples: { t: number; x: number }[];
  } | null>(null);
  const suppressClick = useRef(false);

  const clampIndex = useCallback(
    (target: number) => {
      if (loop) return ((target % count) + count) % count;
      return Math.max(0, Math.min(count - 1, target));
    },
    [count, loop],
  );
  const goTo = useCallback(
    (target: number) => {
      if (count > 0) setIndex(clampIndex(target));
    },
    [count, clampIndex],
  );
  const next = useCallback(() => setIndex((current) => clampIndex(current + 1)), [clampIndex]);
  const prev = useCallback(() => setIndex((current) => clampIndex(current - 1)), [clampIndex]);

  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const observer = new ResizeObserver(() => setSlideWidth(viewport.clientWidth));
    observer.observe(viewport);
    setSlideWidth(viewport.clientWidth);
    return () => observer.disconnect();
  }, []);

  const isDragging = dragOffset !== null;
  const autoplayRunning =
    autoplay &&
    !reducedMotion &&
    count > 1 &&
    !(pauseOnHover && hovered) &&
    !focused &&
    !isDragging &&
    (loop || index < count - 1);

  // A fresh timer per slide (hence `index`): after a manual change the new slide gets its full time.
  // A layout effect so the timer exists as soon as `data-autoplay` says it runs.
  // biome-ignore lint/correctness/useExhaustiveDependencies: index restarts the timer on purpose
  useLayoutEffect(() => {
    if (!autoplayRunning) return;
    const timer = window.setTimeout(next, autoplayDelay);
    return () => window.clearTimeout(timer);
  }, [autoplayRunning, autoplayDelay, next, index]);

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || count < 2) return;
    drag.current = {
      id: event.pointerId,
      startX: event.clientX,
      startY: event.clientY,
      active: false,
      samples: [{ t: event.timeStamp, x: event.clientX }],
    };
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    const state = drag.current;
    if (!state || state.id !== event.pointerId) return;
    const dx = event.clientX - state.startX;
    if (!state.active) {
      if (Math.abs(dx) < CLICK_SLOP_PX) return;
      // A mostly vertical move is a page scroll, not a swipe.
      if (Math.abs(event.clientY - state.startY) > Math.abs(dx)) {
        drag.current = null;
        return;
      }
      state.active = true;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    state.samples.push({ t: event.timeStamp, x: event.clientX });
    while (state.samples.length > 2 && event.timeStamp - state.samples[0]!.t > VELOCITY_WINDOW_MS) {
      state.samples.shift();
    }
    setDragOffset(dx);
  }

  function endDrag(event: PointerEvent<HTMLDivElement>, cancelled: boolean) {
    const state = drag.current;
    if (!state || state.id !== event.pointerId) return;
    drag.current = null;
    if (!state.active) return;
    suppressClick.current = true;
    setDragOffset(null);
    if (cancelled) return;
    const offset = event.clientX - state.startX;
    const first = state.samples[0]!;
    const elapsed = event.timeStamp - first.t;
    const velocity = elapsed > 0 ? ((event.clientX - first.x) / elapsed) * 1000 : 0;
    if (offset < -dragBuffer || velocity < -velocityThreshold) next();
    else if (offset > dragBuffer || velocity > velocityThreshold) prev();
  }

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === 'ArrowRight') next();
    else if (event.key === 'ArrowLeft') prev();
    else if (event.key === 'Home') goTo(0);
    else if (event.key === 'End') goTo(count - 1);
    else return;
    event.preventDefault();
  }

  const offset = -index * (slideWidth + gap) + (dragOffset ?? 0);

  return (
    <section
      aria-roledescription="karuzela"
      aria-label={ariaLabel}
      data-testid="carousel"
      data-index={index}
      data-autoplay={autoplayRunning ? 'on' : 'off'}
      className={`relative mx-auto h-[500px] w-full max-w-[320px] min-[769px]:h-[600px] min-[769px]:max-w-[1200px] ${className}`}
      onPointerEnter={(event) => {
        if (event.pointerType === 'mouse') setHovered(true);
      }}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={onKeyDown}
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions: pointer handlers implement dragging; keyboard users have arrows and dots */}
      <div
        ref={viewportRef}
        // Focusable so arrow keys work without first tabbing to a dot.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the slide viewport takes arrow keys
        tabIndex={0}
        aria-live={autoplayRunning ? 'off' : 'polite'}
        className="cursor-target h-full w-full touch-pan-y overflow-hidden rounded-3xl select-none"
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={(event) => endDrag(event, false)}
        onPointerCancel={(event) => endDrag(event, true)}
        onClickCapture={(event) => {
          // The click that ends a drag must not also follow a link on the slide.
          if (suppressClick.current) {
            suppressClick.current = false;
            event.preventDefault();
            event.stopPropagation();
          }
        }}
        onDragStart={(event) => event.preventDefault()}
      >
        <div
          className={`flex h-full ${isDragging ? '' : 'transition-transform duration-500 ease-[cubic-bezier(0.22,1,0.36,1)]'}`}
          style={{ gap, transform: `translate3d(${offset}px, 0, 0)` }}
        >
          {items.map((item, i) => {
            const isActive = i === index;
            return (
              // biome-ignore lint/a11y/useSemanticElements: APG carousel slides are role=group, a fieldset would be wrong
              <div
                key={getKey(item)}
                role="group"
                aria-roledescription="slajd"
                aria-label={`${i + 1} z ${count}: ${getLabel(item, i)}`}
                aria-hidden={isActive ? undefined : true}
                inert={!isActive}
                data-active={isActive ? 'true' : 'false'}
                className="relative h-full w-full shrink-0"
              >
                {renderItem(item, i, isActive)}
              </div>
            );
          })}
        </div>
      </div>
      {count > 1 && (
        <div className="absolute right-4 bottom-4 z-10 flex items-center gap-1 rounded-full bg-slate-950/55 px-2 py-1 backdrop-blur">
          {items.map((item, i) => (
            <button
              key={getKey(item)}
              type="button"
              aria-label={`Przejdź do slajdu ${i + 1}: ${getLabel(item, i)}`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => goTo(i)}
              className="cursor-target group flex h-7 w-7 items-center justify-center rounded-full"
            >
              <span
                aria-hidden="true"
                className={`block h-2.5 rounded-full transition-all duration-300 ${
                  i === index ? 'w-6 bg-white' : 'w-2.5 bg-white/50 group-hover:bg-white/80'
                }`}
              />
            </button>
          ))}
        </div>
      )}
    </section>
  );
}
