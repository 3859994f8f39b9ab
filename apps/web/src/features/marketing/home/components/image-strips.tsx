import { useEffect, useRef, useState } from 'react';
import { usePrefersReducedMotion } from '~/lib/use-media-query';
import { whenIdle } from '~/lib/when-idle';
import { takeBootedStrips } from '../strip-boot';
import {
  chooseSequences,
  easeStandard,
  FADE_MS,
  GAP,
  ITEM_WIDTH,
  MAX_PRELOAD,
  STRIPS,
  startOffset,
  stripImageSrc,
  stripsMarkup,
  wrapOffset,
} from '../strip-images';

/** A long frame (tab switch, jank) must not make the strips jump (SPEC §9: 0.05 s). */
const MAX_FRAME_STEP = 0.05;
/** One object for the empty container, so re-renders never rewrite what the boot script wrote. */
const NO_MARKUP = { __html: '' };

function preload(sources: string[]): Promise<void> {
  return Promise.all(
    sources.slice(0, MAX_PRELOAD).map(
      (src) =>
        new Promise<void>((resolve) => {
          const image = new Image();
          image.decoding = 'async';
          // Failures are ignored: a broken image must not keep the strips hidden.
          image.onload = image.onerror = () => resolve();
          image.src = src;
        }),
    ),
  ).then(() => undefined);
}

/**
 * Three endlessly scrolling rows of studio images behind the hero. Rendered
 * only in the browser (the choice is random). On the prerendered home page the
 * boot script (strip-boot.ts) has already written them and faded them in once
 * the images on screen loaded; this component adopts that markup. After a
 * client-side navigation it writes the same markup itself, hidden until the
 * images are loaded, then faded in. They move once every image is loaded;
 * static with reduced motion.
 */
export function ImageStrips() {
  const reduced = usePrefersReducedMotion();
  const [sequences, setSequences] = useState<number[][] | null>(null);
  const [markup, setMarkup] = useState(NO_MARKUP);
  const [ready, setReady] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let cancelled = false;
    // The strips are decoration: their rendering and animation wait for the
    // first idle period so they never compete with the page's first paint and
    // hydration. Their images are already loading (STRIP_BOOT_SCRIPT).
    const cancelIdle = whenIdle(() => {
      const viewportWidth = window.innerWidth;
      const booted = takeBootedStrips(viewportWidth);
      const chosen = booted ?? chooseSequences(viewportWidth);
      // Written by the boot script for this very choice: adopted as it is.
      if (!booted || !rootRef.current?.firstElementChild) {
        setMarkup({ __html: stripsMarkup(chosen, viewportWidth) });
      }
      setSequences(chosen);
      const unique = [...new Set(chosen.flat())].map(stripImageSrc);
      void preload(unique).then(() => {
        if (!cancelled) setReady(true);
      });
    });
    return () => {
      cancelled = true;
      cancelIdle();
    };
  }, []);

  // The 1 s fade-in runs on the main thread rather than as a CSS transition:
  // Chrome counts images under a compositor-run opacity transition as painted
  // only when it ends, so the largest paint would be reported a second after the
  // strips actually appear. Same duration and easing as the transition it replaces.
  useEffect(() => {
    const root = rootRef.current;
    // An opacity already set is the boot script's fade, started or done.
    if (!ready || !root || root.style.opacity) return;
    if (reduced) {
      root.style.opacity = '1';
      return;
    }
    let raf = 0;
    let start = 0;
    const step = (now: number) => {
      if (!start) start = now;
      const progress = Math.min((now - start) / FADE_MS, 1);
      // Never exactly 0 once started: the strips count as shown from the first frame.
      root.style.opacity = String(Math.max(easeStandard(progress), 0.001));
      if (progress < 1) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [ready, reduced]);

  useEffect(() => {
    if (!ready || !sequences || !rootRef.current) return;
    const tracks = [...rootRef.current.querySelectorAll<HTMLElement>('[data-strip] > div')];
    const loopWidths = sequences.map((seq) => seq.length * (ITEM_WIDTH + GAP));
    const offsets = STRIPS.map((strip, i) =>
      startOffset(strip, sequences[i]!.length, window.innerWidth),
    );
    const place = () =>
      tracks.forEach((track, i) => {
        if (!track) return;
        offsets[i] = wrapOffset(offsets[i]!, loopWidths[i]!);
        track.style.transform = `translate3d(${offsets[i]}px, 0, 0)`;
      });
    place();
    if (reduced) return;

    let raf = 0;
    let last = 0;
    let onScreen = true;
    const tick = (now: number) => {
      const dt = last ? Math.min((now - last) / 1000, MAX_FRAME_STEP) : 0;
      last = now;
      STRIPS.forEach((strip, i) => {
        offsets[i]! += strip.velocity * dt;
      });
      place();
      raf = requestAnimationFrame(tick);
    };
    const start = () => {
      last = 0;
      cancelAnimationFrame(raf);
      raf = requestAnimationFrame(tick);
      rootRef.current?.setAttribute('data-animating', 'true');
    };
    const stop = () => {
      cancelAnimationFrame(raf);
      rootRef.current?.setAttribute('data-animating', 'false');
    };
    // Off screen (scrolled past) the strips cost nothing.
    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.some((e) => e.isIntersecting);
      if (onScreen) start();
      else stop();
    });
    if (rootRef.current) observer.observe(rootRef.current);
    start();
    return () => {
      observer.disconnect();
      stop();
    };
  }, [ready, sequences, reduced]);

  return (
    <div
      ref={rootRef}
      aria-hidden="true"
      data-strips
      data-state={ready ? 'ready' : 'loading'}
      data-animating="false"
      className="pointer-events-none absolute inset-x-0 top-[18vh] flex flex-col gap-2 overflow-hidden opacity-0"
      // The strips' markup (stripsMarkup): a string, so the boot script can write it first.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: built from our own constants and image numbers
      dangerouslySetInnerHTML={markup}
    />
  );
}
