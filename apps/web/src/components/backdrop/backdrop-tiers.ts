/**
 * Quality tiers of the animated backdrop (SPEC §9 "Backdrop tiers"). Kept free of
 * DOM access so the choice can be unit-tested with plain objects.
 */
export type BackdropTier = 'static' | 'lite' | 'balanced' | 'full';

export interface TierSettings {
  tier: Exclude<BackdropTier, 'static'>;
  /** Device pixel ratio used for the canvas. */
  pixelRatio: number;
  /** Target frames per second. */
  fps: number;
  /** Upper bound of the frame rate whatever `fps` says. */
  fpsCap: number;
  /** Multiplies the canvas resolution (after the pixel ratio). */
  resolutionFactor: number;
  /** Animation speed (shader time units per second). */
  speed: number;
  /** Multiplies the pattern scale. */
  scaleFactor: number;
  antialias: boolean;
  mouseInteractive: boolean;
}

export interface DeviceFacts {
  prefersReducedMotion: boolean;
  isTouch: boolean;
  /** Viewport at most 900 px wide. */
  isNarrow: boolean;
  isMobileDevice: boolean;
  /** navigator.deviceMemory in GB; undefined where the browser hides it. */
  memoryGb: number | undefined;
  /** navigator.hardwareConcurrency; undefined where unknown. */
  cores: number | undefined;
  devicePixelRatio: number;
}

/** Unknown memory and core counts count as a capable machine (SPEC §9). */
export const UNKNOWN_DEVICE_DEFAULT = 8;
export const NARROW_MAX_WIDTH = 900;
export const LITE_MAX_MEMORY_OR_CORES = 4;
export const BALANCED_MAX_MEMORY_OR_CORES = 6;

export function chooseTier(facts: DeviceFacts): BackdropTier {
  if (facts.prefersReducedMotion) return 'static';
  const memory = facts.memoryGb ?? UNKNOWN_DEVICE_DEFAULT;
  const cores = facts.cores ?? UNKNOWN_DEVICE_DEFAULT;
  if (
    facts.isTouch ||
    facts.isNarrow ||
    facts.isMobileDevice ||
    memory <= LITE_MAX_MEMORY_OR_CORES ||
    cores <= LITE_MAX_MEMORY_OR_CORES
  ) {
    return 'lite';
  }
  if (memory <= BALANCED_MAX_MEMORY_OR_CORES || cores <= BALANCED_MAX_MEMORY_OR_CORES) {
    return 'balanced';
  }
  return 'full';
}

export function tierSettings(
  tier: Exclude<BackdropTier, 'static'>,
  devicePixelRatio: number,
): TierSettings {
  const dpr = devicePixelRatio > 0 ? devicePixelRatio : 1;
  switch (tier) {
    case 'lite':
      return {
        tier,
        pixelRatio: Math.min(dpr * 0.55, 1.1),
        fps: 30,
        fpsCap: 30,
        resolutionFactor: 0.6,
        speed: 0.24,
        scaleFactor: 0.84,
        antialias: false,
        mouseInteractive: false,
      };
    case 'balanced':
      return {
        tier,
        pixelRatio: Math.min(dpr * 0.75, 1.4),
        fps: 45,
        fpsCap: 48,
        resolutionFactor: 0.85,
        speed: 0.32,
        scaleFactor: 0.92,
        antialias: false,
        mouseInteractive: false,
      };
    case 'full':
      return {
        tier,
        pixelRatio: Math.min(dpr, 2),
        fps: 60,
        fpsCap: 60,
        resolutionFactor: 1,
        speed: 0.4,
        scaleFactor: 1,
        antialias: true,
        mouseInteractive: false,
      };
  }
}

/** Reads the facts from the browser. */
export function readDeviceFacts(): DeviceFacts {
  const nav = navigator as Navigator & {
    deviceMemory?: number;
    userAgentData?: { mobile?: boolean };
  };
  const media = (query: string) => window.matchMedia(query).matches;
  return {
    prefersReducedMotion: media('(prefers-reduced-motion: reduce)'),
    isTouch: nav.maxTouchPoints > 0 || 'ontouchstart' in window || media('(pointer: coarse)'),
    isNarrow: media(`(max-width: ${NARROW_MAX_WIDTH}px)`),
    isMobileDevice:
      nav.userAgentData?.mobile === true ||
      /Android|iPhone|iPad|iPod|Mobile|IEMobile|Opera Mini/i.test(nav.userAgent),
    memoryGb: typeof nav.deviceMemory === 'number' ? nav.deviceMemory : undefined,
    cores: nav.hardwareConcurrency > 0 ? nav.hardwareConcurrency : undefined,
    devicePixelRatio: window.devicePixelRatio || 1,
  };
}
