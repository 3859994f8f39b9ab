import { useEffect, useRef, useState } from 'react';
import type { LogoItem } from '~/content/logos';
import { usePrefersReducedMotion } from '~/lib/use-media-query';

export interface LogoLoopProps {
  logos: readonly LogoItem[];
  /** Pixels per second (default 120; the team page uses 90). */
  speed?: number;
  /** Space between logos in px (default 32; the team page uses 40). */
  gap?: number;
  /** Logo height in px (default 28; the team page uses 32). */
  logoHeight?: number;
  /** How quickly the speed follows a pause or resume, in seconds (0.25). */
  smoothingTimeConstant?: number;
  pauseOnHover?: boolean;
  /**
   * URL of an SVG sprite holding every logo's icon as `<symbol id="<icon.id>">`:
   * the icons are drawn with `<use>` instead of carrying their paths in the
   * page (the team page's strip: scripts/tech-logo-sprite.ts).
   */
  iconSprite?: string;
  /** Accessible name of the list. */
  ariaLabel?: string;
  className?: string;
}

/** Copies always rendered, plus extras so no gap shows while one copy wraps (SPEC.md §9). */
const MIN_COPIES = 2;
const EXTRA_COPIES = 2;

function Logo({
  logo,
  height,
  focusable,
  iconSprite,
}: {
  logo: LogoItem;
  height: number;
  focusable: boolean;
  iconSprite: string | undefined;
}) {
  const label = logo.ariaLabel ?? logo.title;
  return (
    <a
      href={logo.href}
      target="_blank"
      rel="noopener noreferrer"
      title={logo.title}
      aria-label={focusable ? `${label} (otwiera się w nowej karcie)` : undefined}
      tabIndex={focusable ? undefined : -1}
      className="cursor-target inline-flex items-center rounded-md text-slate-700 transition-transform duration-300 hover:scale-125 focus-visible:scale-125 dark:text-slate-200"
    >
      {logo.icon ? (
        <svg
          role="img"
          aria-label={logo.alt}
          viewBox="0 0 24 24"
          height={height}
          width={height}
          fill="currentColor"
          className="block"
        >
          {iconSprite ? (
            <use href={`${iconSprite}#${logo.icon.id}`} />
          ) : (
            <path d={logo.icon.path} />
          )}
        </svg>
      ) : (
        <img
          src={logo.src}
          alt={logo.alt}
          height={height}
          style={{ height }}
          className="block w-auto"
          loading="lazy"
          decoding="async"
        />
      )}
    </a>
  );
}

/**
 * An endless horizontal strip of technology logos. It eases to a stop on hover
 * or keyboard focus and does not move at all when reduced motion is preferred.
 */
export function LogoLoop({
  logos,
  speed = 120,
  gap = 32,
  logoHeight = 28,
  smoothingTimeConstant = 0.25,
  pauseOnHover = true,
  iconSprite,
  ariaLabel = 'Technologie, z których korzystamy',
  className = '',
}: LogoLoopProps) {
  const reducedMotion = usePrefersReducedMotion();
  const containerRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const sequenceRef = useRef<HTMLUListElement>(null);
  const pausedRef = useRef(false);
  const [copies, setCopies] = useState(MIN_COPIES + EXTRA_COPIES);
  const [sequenceWidth, setSequenceWidth] = useState(0);

  // Enough copies to cover the container however wide it gets.
  useEffect(() => {
    const container = containerRef.current;
    const sequence = sequenceRef.current;
    if (!container || !sequence || reducedMotion) return;
    const measure = () => {
      // Each copy carries its trailing gap as padding, so its width is one period of the loop.
      const width = sequence.getBoundingClientRect().width;
      if (width <= gap) return;
      setSequenceWidth(width);
      const needed = Math.ceil(container.clientWidth / width);
      setCopies(Math.max(MIN_COPIES, needed) + EXTRA_COPIES);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(container);
    observer.observe(sequence);
    return () => observer.disconnect();
  }, [gap, reducedMotion]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || reducedMotion || sequenceWidth <= 0) return;
    let offset = 0;
    let velocity = speed;
    let last = performance.now();
    let frame = requestAnimationFrame(function step(now) {
      // Long frames (a background tab) must not make the strip jump.
      const dt = Math.min(0.1, Math.max(0, (now - last) / 1000));
      last = now;
      const targetVelocity = pausedRef.current ? 0 : speed;
      velocity += (targetVelocity - velocity) * (1 - Math.exp(-dt / smoothingTimeConstant));
      offset = (((offset + velocity * dt) % sequenceWidth) + sequenceWidth) % sequenceWidth;
      track.style.transform = `translate3d(${-offset}px, 0, 0)`;
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
  }, [speed, sequenceWidth, smoothingTimeConstant, reducedMotion]);

  const setPaused = (value: boolean) => {
    pausedRef.current = value;
    containerRef.current?.setAttribute('data-paused', String(value));
  };

  if (reducedMotion) {
    return (
      <ul
        aria-label={ariaLabel}
        className={`flex flex-wrap items-center justify-center py-4 ${className}`}
        style={{ gap }}
        data-testid="logo-loop"
        data-static="true"
      >
        {logos.map((logo) => (
          <li key={logo.href}>
            <Logo logo={logo} height={logoHeight} focusable iconSprite={iconSprite} />
          </li>
        ))}
      </ul>
    );
  }

  const fade = 'linear-gradient(to right, transparent, black 12%, black 88%, transparent)';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover/focus only pause the motion; the links inside are the controls
    <div
      ref={containerRef}
      data-testid="logo-loop"
      data-paused="false"
      className={`relative overflow-hidden py-4 ${className}`}
      style={{ maskImage: fade, WebkitMaskImage: fade }}
      onPointerEnter={pauseOnHover ? () => setPaused(true) : undefined}
      onPointerLeave={pauseOnHover ? () => setPaused(false) : undefined}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div ref={trackRef} className="flex w-max will-change-transform">
        {Array.from({ length: copies }, (_, copy) => (
          <ul
            // biome-ignore lint/suspicious/noArrayIndexKey: copies are identical and never reorder
            key={copy}
            ref={copy === 0 ? sequenceRef : undefined}
            // Only the first copy is read out and reachable by Tab; the rest are decoration.
            aria-hidden={copy === 0 ? undefined : true}
            aria-label={copy === 0 ? ariaLabel : undefined}
            className="flex shrink-0 items-center"
            style={{ gap, paddingRight: gap }}
          >
            {logos.map((logo) => (
              <li key={logo.href} className="shrink-0">
                <Logo
                  logo={logo}
                  height={logoHeight}
                  focusable={copy === 0}
                  iconSprite={iconSprite}
                />
              </li>
            ))}
          </ul>
        ))}
      </div>
    </div>
  );
}
