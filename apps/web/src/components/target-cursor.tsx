import { type CSSProperties, useEffect, useRef } from 'react';
import { COARSE_POINTER_QUERY, REDUCED_MOTION_QUERY, useMediaQuery } from '~/lib/use-media-query';

export interface TargetCursorProps {
  /** CSS selector of elements the frame snaps to. */
  targetSelector?: string;
  /** Thickness of the corner strokes in px (SPEC §9: 3). */
  borderWidth?: number;
  /** Length of each corner in px (SPEC §9: 12). */
  cornerSize?: number;
  /**
   * How strongly the frame leans toward the pointer while on a target
   * (SPEC §9: 0.00005). The lean is the pointer's offset from the target's
   * centre times this strength times the target's area, capped at 12 px.
   */
  parallaxStrength?: number;
  /** Seconds per full turn while idle (SPEC §9: 2). */
  spinDuration?: number;
}

const MAX_HIGHEST_Z = 2147483647;
const MAX_LEAN_PX = 12;
const IDLE_GAP = 8;

/** Below this distance (px) a corner counts as arrived. */
const SETTLED_PX = 0.1;

/**
 * A four-corner frame that follows the pointer, spins while idle and wraps
 * itself around any `.cursor-target` under the pointer. Pointer devices only;
 * nothing is shown on touch screens or with reduced motion. All motion is
 * written straight to styles in an animation frame loop, outside React.
 *
 * The loop runs only while something moves: the pointer, a scroll, or corners
 * still easing toward their goals. Once the frame has settled it stops, and the
 * idle spin is handed to a compositor animation, so a page the pointer merely
 * rests on (or has not yet entered) costs no style work per frame (issue 34: the
 * loop used to restyle the page 60 times a second for as long as it was open).
 */
export default function TargetCursor({
  targetSelector = '.cursor-target',
  borderWidth = 3,
  cornerSize = 12,
  parallaxStrength = 0.00005,
  spinDuration = 2,
}: TargetCursorProps) {
  const coarse = useMediaQuery(COARSE_POINTER_QUERY, true);
  const reduced = useMediaQuery(REDUCED_MOTION_QUERY, true);
  const enabled = !coarse && !reduced;
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = rootRef.current;
    if (!enabled || !root) return;
    const frame = root.firstElementChild as HTMLElement;
    const corners = [...frame.children] as HTMLElement[];
    const dot = root.lastElementChild as HTMLElement;

    let x = -100;
    let y = -100;
    let visible = false;
    let target: Element | null = null;
    let angle = 0;
    let lastTime = 0;
    let raf = 0;
    // The compositor's idle spin while the loop sleeps; the angle is read back from it.
    let spin: Animation | null = null;
    let spinFrom = 0;
    // Current corner offsets from the pointer, eased toward their goals each frame.
    const current = corners.map(() => ({ x: 0, y: 0 }));
    const half = cornerSize / 2;
    const idleOffset = IDLE_GAP + half;
    const idle = [
      { x: -idleOffset, y: -idleOffset },
      { x: idleOffset, y: -idleOffset },
      { x: idleOffset, y: idleOffset },
      { x: -idleOffset, y: idleOffset },
    ];

    const stopSpin = () => {
      if (!spin) return;
      const turn = spinDuration * 1000;
      const elapsed = Number(spin.currentTime ?? 0) % turn;
      angle = (spinFrom + (360 * elapsed) / turn) % 360;
      spin.cancel();
      spin = null;
    };
    const startSpin = () => {
      spinFrom = angle;
      spin = frame.animate(
        [{ transform: `rotate(${angle}deg)` }, { transform: `rotate(${angle + 360}deg)` }],
        { duration: spinDuration * 1000, iterations: Number.POSITIVE_INFINITY },
      );
    };
    const wake = () => {
      if (raf || !visible) return;
      stopSpin();
      lastTime = 0;
      raf = requestAnimationFrame(tick);
    };

    const onMove = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      x = event.clientX;
      y = event.clientY;
      if (!visible) {
        visible = true;
        root.style.opacity = '1';
      }
      target = (event.target as Element | null)?.closest?.(targetSelector) ?? null;
      wake();
    };
    const onLeave = () => {
      visible = false;
      root.style.opacity = '0';
      cancelAnimationFrame(raf);
      raf = 0;
      stopSpin();
    };
    const onDown = () => dot.style.setProperty('scale', '0.6');
    const onUp = () => dot.style.setProperty('scale', '1');

    const tick = (now: number) => {
      const dt = lastTime ? Math.min((now - lastTime) / 1000, 0.05) : 0;
      lastTime = now;
      root.style.transform = `translate3d(${x}px, ${y}px, 0)`;

      let goals = idle;
      if (target?.isConnected) {
        const rect = target.getBoundingClientRect();
        const cx = rect.left + rect.width / 2;
        const cy = rect.top + rect.height / 2;
        const pull = Math.min(1, parallaxStrength * rect.width * rect.height);
        const leanX = Math.max(-MAX_LEAN_PX, Math.min(MAX_LEAN_PX, (x - cx) * pull));
        const leanY = Math.max(-MAX_LEAN_PX, Math.min(MAX_LEAN_PX, (y - cy) * pull));
        const pad = borderWidth;
        const left = rect.left - pad - x + half + leanX;
        const right = rect.right + pad - x - half + leanX;
        const top = rect.top - pad - y + half + leanY;
        const bottom = rect.bottom + pad - y - half + leanY;
        goals = [
          { x: left, y: top },
          { x: right, y: top },
          { x: right, y: bottom },
          { x: left, y: bottom },
        ];
        // Ease the spin back to upright (a whole turn, so each corner keeps its
        // screen side) so the frame lines up with the target.
        const upright = Math.round(angle / 360) * 360;
        angle += (upright - angle) * Math.min(1, dt * 12);
      } else {
        target = null;
        angle = (angle + (360 / spinDuration) * dt) % 360;
      }
      frame.style.transform = `rotate(${angle}deg)`;
      const ease = Math.min(1, dt * 18);
      let settled = target === null || Math.abs(Math.round(angle / 360) * 360 - angle) < 0.5;
      corners.forEach((corner, i) => {
        const goal = goals[i]!;
        const pos = current[i]!;
        pos.x += (goal.x - pos.x) * ease;
        pos.y += (goal.y - pos.y) * ease;
        if (Math.abs(goal.x - pos.x) > SETTLED_PX || Math.abs(goal.y - pos.y) > SETTLED_PX) {
          settled = false;
        }
        corner.style.transform = `translate3d(${pos.x - half}px, ${pos.y - half}px, 0)`;
      });
      // The first frame after a wake has no time step: it cannot be the last.
      if (!settled || dt === 0) {
        raf = requestAnimationFrame(tick);
        return;
      }
      raf = 0;
      if (target === null) startSpin();
    };
    corners.forEach((_, i) => {
      current[i] = { ...idle[i]! };
    });

    window.addEventListener('pointermove', onMove, { passive: true });
    window.addEventListener('pointerdown', onDown, { passive: true });
    window.addEventListener('pointerup', onUp, { passive: true });
    // A scroll or resize moves the target under a resting pointer.
    window.addEventListener('scroll', wake, { passive: true, capture: true });
    window.addEventListener('resize', wake, { passive: true });
    document.documentElement.addEventListener('pointerleave', onLeave);
    return () => {
      cancelAnimationFrame(raf);
      spin?.cancel();
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('scroll', wake, { capture: true });
      window.removeEventListener('resize', wake);
      window.removeEventListener('pointerdown', onDown);
      window.removeEventListener('pointerup', onUp);
      document.documentElement.removeEventListener('pointerleave', onLeave);
    };
  }, [enabled, targetSelector, borderWidth, cornerSize, parallaxStrength, spinDuration]);

  if (!enabled) return null;

  const stroke = `${borderWidth}px solid currentColor`;
  const cornerStyles: CSSProperties[] = [
    { borderTop: stroke, borderLeft: stroke },
    { borderTop: stroke, borderRight: stroke },
    { borderBottom: stroke, borderRight: stroke },
    { borderBottom: stroke, borderLeft: stroke },
  ];
  return (
    <div
      ref={rootRef}
      aria-hidden="true"
      data-target-cursor
      className="pointer-events-none fixed top-0 left-0 text-blue-600 opacity-0 transition-opacity duration-200 dark:text-white"
      style={{ zIndex: MAX_HIGHEST_Z, width: 0, height: 0 }}
    >
      <div className="absolute top-0 left-0" style={{ width: 0, height: 0 }}>
        {cornerStyles.map((style, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: four fixed corners
            key={i}
            className="absolute top-0 left-0 rounded-[2px]"
            style={{ ...style, width: cornerSize, height: cornerSize }}
          />
        ))}
      </div>
      <span className="absolute -top-0.5 -left-0.5 size-1 rounded-full bg-current transition-[scale]" />
    </div>
  );
}
