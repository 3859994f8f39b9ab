import { type ReactNode, useEffect, useRef } from 'react';
import {
  COARSE_POINTER_QUERY,
  useMediaQuery,
  usePrefersReducedMotion,
} from '~/lib/use-media-query';

export interface PointerTiltCardProps {
  children: ReactNode;
  className?: string;
  /** Largest rotation on either axis, in degrees (SPEC.md §9: 6). */
  maxRotation?: number;
  /** Share of the remaining distance covered each frame while following the pointer (0.18). */
  smoothing?: number;
  /** Length of the greeting sway after mount, in ms (1500). */
  initialAnimationMs?: number;
  /** Time to return to neutral after the pointer leaves, in ms (600). */
  returnAnimationMs?: number;
  /** Phones are held tilted; this many degrees of beta count as level (20). */
  deviceBetaOffset?: number;
  /** Tilt from the device's gyroscope on touch devices; off by default (SPEC.md §2 Team). */
  enableDeviceOrientation?: boolean;
  perspective?: number;
}

const easeOutCubic = (t: number) => 1 - (1 - t) ** 3;
const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));

/**
 * A card that leans towards the pointer in 3D. It writes the transform straight
 * to the element on animation frames, so moving the pointer never re-renders React.
 * No tilt on coarse pointers (unless device orientation is enabled) or when
 * reduced motion is preferred.
 */
export function PointerTiltCard({
  children,
  className = '',
  maxRotation = 6,
  smoothing = 0.18,
  initialAnimationMs = 1500,
  returnAnimationMs = 600,
  deviceBetaOffset = 20,
  enableDeviceOrientation = false,
  perspective = 900,
}: PointerTiltCardProps) {
  const ref = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const coarse = useMediaQuery(COARSE_POINTER_QUERY, true);
  const pointerTilt = !reducedMotion && !coarse;
  const orientationTilt = !reducedMotion && coarse && enableDeviceOrientation;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (!pointerTilt && !orientationTilt) {
      el.style.transform = '';
      el.removeAttribute('data-tilting');
      return;
    }

    const current = { x: 0, y: 0 };
    const target = { x: 0, y: 0 };
    let mode: 'follow' | 'return' | 'intro' | 'idle' = 'idle';
    let frame = 0;
    let phaseStart = 0;
    const returnFrom = { x: 0, y: 0 };

    const apply = () => {
      el.style.transform = `perspective(${perspective}px) rotateX(${current.x.toFixed(3)}deg) rotateY(${current.y.toFixed(3)}deg)`;
      el.dataset.tilting = mode === 'idle' ? 'false' : 'true';
    };

    const tick = (now: number) => {
      frame = 0;
      if (mode === 'follow') {
        current.x += (target.x - current.x) * smoothing;
        current.y += (target.y - current.y) * smoothing;
      } else if (mode === 'return' || mode === 'intro') {
        const duration = mode === 'return' ? returnAnimationMs : initialAnimationMs;
        const t = Math.min(1, (now - phaseStart) / duration);
        if (mode === 'return') {
          const k = 1 - easeOutCubic(t);
          current.x = returnFrom.x * k;
          current.y = returnFrom.y * k;
        } else {
          // One damped sway that hints the card can move, ending level.
          const damp = 1 - easeOutCubic(t);
          current.x = Math.sin(t * Math.PI * 2) * maxRotation * 0.5 * damp;
          current.y = Math.sin(t * Math.PI * 2 + Math.PI / 2) * maxRotation * 0.6 * damp;
        }
        if (t >= 1) {
          current.x = 0;
          current.y = 0;
          mode = 'idle';
        }
      }
      apply();
      if (mode !== 'idle') frame = requestAnimationFrame(tick);
    };
    const run = () => {
      if (!frame) frame = requestAnimationFrame(tick);
    };

    const onPointerMove = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      const rect = el.getBoundingClientRect();
      const px = (event.clientX - rect.left) / rect.width - 0.5;
      const py = (event.clientY - rect.top) / rect.height - 0.5;
      target.y = clamp(px * 2 * maxRotation, maxRotation);
      target.x = clamp(-py * 2 * maxRotation, maxRotation);
      mode = 'follow';
      run();
    };
    const onPointerLeave = () => {
      returnFrom.x = current.x;
      returnFrom.y = current.y;
      target.x = 0;
      target.y = 0;
      mode = 'return';
      phaseStart = performance.now();
      run();
    };
    const onOrientation = (event: DeviceOrientationEvent) => {
      if (event.beta == null || event.gamma == null) return;
      target.x = clamp(-(event.beta - deviceBetaOffset) / 3, maxRotation);
      target.y = clamp(event.gamma / 3, maxRotation);
      mode = 'follow';
      run();
    };

    if (initialAnimationMs > 0) {
      mode = 'intro';
      phaseStart = performance.now();
      run();
    }
    if (pointerTilt) {
      el.addEventListener('pointermove', onPointerMove);
      el.addEventListener('pointerleave', onPointerLeave);
    } else {
      window.addEventListener('deviceorientation', onOrientation);
    }
    return () => {
      if (frame) cancelAnimationFrame(frame);
      el.removeEventListener('pointermove', onPointerMove);
      el.removeEventListener('pointerleave', onPointerLeave);
      window.removeEventListener('deviceorientation', onOrientation);
      el.style.transform = '';
    };
  }, [
    pointerTilt,
    orientationTilt,
    maxRotation,
    smoothing,
    initialAnimationMs,
    returnAnimationMs,
    deviceBetaOffset,
    perspective,
  ]);

  return (
    <div ref={ref} className={`will-change-transform [transform-style:preserve-3d] ${className}`}>
      {children}
    </div>
  );
}
