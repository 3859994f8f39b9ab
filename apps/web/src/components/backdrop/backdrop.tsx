import { useEffect, useRef, useState } from 'react';
import { currentTheme, type Theme } from '~/lib/theme';
import { usePrefersReducedMotion } from '~/lib/use-media-query';
import { BACKDROP_COLORS, BACKDROP_DEFAULTS, type BackdropDirection } from './backdrop-colors';
import { chooseTier, readDeviceFacts, tierSettings } from './backdrop-tiers';
import type { WebglBackdrop } from './webgl-backdrop';
import { probeWebglSupport } from './webgl-support';

/** On `<html>` while the animated backdrop is shown (Tailwind: `in-data-backdrop-live:`). */
export const BACKDROP_LIVE_ATTRIBUTE = 'data-backdrop-live';

export interface BackdropProps {
  scale?: number;
  opacity?: number;
  direction?: BackdropDirection;
}

/**
 * Animated WebGL layer over the static gradient (loaded lazily after first
 * paint by the shell). With reduced motion, or without WebGL, it renders nothing
 * and the static gradient stays the whole backdrop.
 */
export default function Backdrop({
  scale = BACKDROP_DEFAULTS.scale,
  opacity = BACKDROP_DEFAULTS.opacity,
  direction = BACKDROP_DEFAULTS.direction,
}: BackdropProps) {
  const reducedMotion = usePrefersReducedMotion();
  const containerRef = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  const [state, setState] = useState<'running' | 'paused'>('paused');
  const [tier, setTier] = useState<string>('static');
  const [webgl, setWebgl] = useState<'unknown' | 'ok' | 'software' | 'unavailable'>('unknown');

  useEffect(() => {
    const container = containerRef.current;
    if (reducedMotion || !container) return;
    const facts = readDeviceFacts();
    const chosen = chooseTier(facts);
    if (chosen === 'static') return;
    let backdrop: WebglBackdrop | undefined;
    let cancelled = false;
    const onTheme = (event: Event) =>
      backdrop?.setColor(BACKDROP_COLORS[(event as CustomEvent<Theme>).detail].color);
    // Probed in a worker: creating a WebGL context blocked the main thread for
    // 100–400 ms on a machine without a GPU (webgl-support.ts).
    probeWebglSupport()
      .then((support) => {
        if (cancelled) return null;
        if (support !== 'hardware') {
          // The static gradient stays: no WebGL, or only a CPU-bound software one.
          setWebgl(support === 'software' ? 'software' : 'unavailable');
          return null;
        }
        return import('./webgl-backdrop');
      })
      .then((module) => {
        if (cancelled || !module) return;
        const { startWebglBackdrop } = module;
        backdrop = startWebglBackdrop({
          container,
          settings: tierSettings(chosen, facts.devicePixelRatio),
          color: BACKDROP_COLORS[currentTheme()].color,
          scale,
          opacity,
          direction,
          onFirstFrame: () => setShown(true),
          onStateChange: setState,
        });
        setTier(chosen);
        setWebgl('ok');
        window.addEventListener('themechange', onTheme);
      })
      .catch((error: unknown) => {
        // Decoration only: the static gradient is already on screen.
        console.warn('Animowane tło niedostępne', error);
        setWebgl('unavailable');
      });
    return () => {
      cancelled = true;
      window.removeEventListener('themechange', onTheme);
      backdrop?.destroy();
      setShown(false);
      setTier('static');
    };
  }, [reducedMotion, scale, opacity, direction]);

  // While the animated layer is on screen the page says so: the frosted panels blur only
  // then (features/tickets/components/styles.ts). Over the static gradient a blur shows
  // nothing, and where WebGL is missing or software the browser composites on the CPU,
  // where blurring a panel again on every key typed or frame scrolled is dear (issue 34).
  useEffect(() => {
    if (!shown) return;
    document.documentElement.setAttribute(BACKDROP_LIVE_ATTRIBUTE, '');
    return () => document.documentElement.removeAttribute(BACKDROP_LIVE_ATTRIBUTE);
  }, [shown]);

  // The empty layer stays even when static, so tests and tools can read the tier.
  return (
    <div
      ref={containerRef}
      aria-hidden="true"
      data-backdrop="webgl"
      data-tier={tier}
      data-state={state}
      data-webgl={webgl}
      className={`pointer-events-none fixed inset-0 z-0 transition-opacity duration-1000 ${shown ? 'opacity-100' : 'opacity-0'}`}
    />
  );
}
