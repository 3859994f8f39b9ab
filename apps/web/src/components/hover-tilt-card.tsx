import { type CSSProperties, type PointerEvent, type ReactNode, useRef } from 'react';
import {
  COARSE_POINTER_QUERY,
  useMediaQuery,
  usePrefersReducedMotion,
} from '~/lib/use-media-query';

export interface HoverTiltCardProps {
  children: ReactNode;
  className?: string;
  /** Scale while hovered (SPEC §9: 1.05 by default; the home cards use 1.07). */
  hoverScale?: number;
  /** Largest tilt in degrees at the card's edges (SPEC §9: 10). */
  maxTilt?: number;
  /** CSS perspective in px (SPEC §9: 800). */
  perspective?: number;
}

/**
 * A card that tilts toward the mouse in 3D while hovered and settles back when
 * the pointer leaves. No tilt on touch devices or with reduced motion.
 */
export function HoverTiltCard({
  children,
  className = '',
  hoverScale = 1.05,
  maxTilt = 10,
  perspective = 800,
}: HoverTiltCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const coarse = useMediaQuery(COARSE_POINTER_QUERY, true);
  const reduced = usePrefersReducedMotion();
  const enabled = !coarse && !reduced;

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const card = ref.current;
    if (!enabled || !card || event.pointerType === 'touch') return;
    const rect = card.getBoundingClientRect();
    // -0.5 … 0.5 from the centre; the card leans toward the pointer.
    const px = (event.clientX - rect.left) / rect.width - 0.5;
    const py = (event.clientY - rect.top) / rect.height - 0.5;
    card.style.transform = `perspective(${perspective}px) rotateX(${(-py * 2 * maxTilt).toFixed(2)}deg) rotateY(${(px * 2 * maxTilt).toFixed(2)}deg) scale3d(${hoverScale}, ${hoverScale}, ${hoverScale})`;
    card.dataset.tilting = 'true';
  };

  const reset = () => {
    const card = ref.current;
    if (!card) return;
    card.style.transform = '';
    delete card.dataset.tilting;
  };

  const style: CSSProperties = {
    transformStyle: 'preserve-3d',
    transition: 'transform 200ms ease-out',
    willChange: enabled ? 'transform' : undefined,
  };

  return (
    <div
      ref={ref}
      className={className}
      style={style}
      data-hover-tilt={enabled ? 'on' : 'off'}
      onPointerMove={onPointerMove}
      onPointerLeave={reset}
      onPointerCancel={reset}
    >
      {children}
    </div>
  );
}
