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
} from '../strip-images';

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
    const root = rootRef.current;
    if (!ready || !sequences || !root) return;
    const tracks = [...root.querySelectorAll<HTMLElement>('[data-strip] > div')];
    const loopWidths = sequences.map((seq) => seq.length * (ITEM_WIDTH + GAP));
    const offsets = STRIPS.map((strip, i) =>
      startOffset(strip, sequences[i]!.length, window.innerWidth),
    );
    tracks.forEach((track, i) => {
      track.style.transform = `translate3d(${offsets[i]}px, 0, 0)`;
    });
    // Without the Web Animations API (browsers before 2020) they stand still, as with reduced motion.
    if (reduced || typeof root.animate !== 'function') return;

    // The movement is one linear, endless animation per track that the browser
    // runs off the main thread (the compositor): each strip's loop (its images
    // once) at its speed, started where the track stands. Until issue 34 a
    // requestAnimationFrame loop moved them, and every one of its frames was a
    // main-thread task of its own — on a phone while the page was still
    // loading, dozens of them over 50 ms (Lighthouse's total blocking time on
    // `/`). Jank on the main thread no longer makes them jump at all; a hidden
    // tab pauses them, so they go on where they were (SPEC §9's cap on the
    // frame step, 0.05 s, was for those two cases).
    const animations = tracks.map((track, i) => {
      const loop = loopWidths[i]!;
      const velocity = STRIPS[i]!.velocity;
      const duration = (loop / Math.abs(velocity)) * 1000;
      // Offsets lie in (-loop, 0]: moving left from 0 to -loop, right from -loop to 0.
      const from = velocity < 0 ? 0 : -loop;
      const to = velocity < 0 ? -loop : 0;
      const animation = track.animate(
        [
          { transform: `translate3d(${from}px, 0, 0)` },
          { transform: `translate3d(${to}px, 0, 0)` },
        ],
        { duration, iterations: Number.POSITIVE_INFINITY, easing: 'linear' },
      );
      animation.currentTime = (((offsets[i]! - from) / (to - from)) % 1) * duration;
      animation.pause();
      return animation;
    });
    let onScreen = true;
    const update = () => {
      const running = onScreen && document.visibilityState !== 'hidden';
      for (const animation of animations) {
        if (running) animation.play();
        else animation.pause();
      }
      root.setAttribute('data-animating', String(running));
    };
    // Off screen (scrolled past) or in a hidden tab the strips stand still.
    const observer = new IntersectionObserver((entries) => {
      onScreen = entries.some((e) => e.isIntersecting);
      update();
    });
    observer.observe(root);
    document.addEventListener('visibilitychange', update);
    update();
    return () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
      for (const animation of animations) animation.cancel();
      root.setAttribute('data-animating', 'false');
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
