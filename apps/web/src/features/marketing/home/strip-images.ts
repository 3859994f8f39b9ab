/** Pure helpers of the home image strips, unit-tested in strip-images.test.ts. */

export const STRIP_POOL_SIZE = 18;

export interface StripConfig {
  /** Pixels per second; the sign is the direction (negative moves left). */
  velocity: number;
  /** Extra content width that the strip starts shifted by, in viewport widths. */
  prebufferVw: number;
  maxImages: number;
}

/** SPEC §9: speeds 60, 70 and 95 px/s; two strips move left, one right. */
export const STRIPS: readonly StripConfig[] = [
  { velocity: -60, prebufferVw: 0, maxImages: 50 },
  // Moving right reveals content from the left, so this strip starts prebuffered.
  { velocity: 70, prebufferVw: 1.8, maxImages: 80 },
  { velocity: -95, prebufferVw: 0, maxImages: 50 },
];

/** Image box: h-56 (224 px) tall, 3:2. Gap 8 px (SPEC §9). */
export const ITEM_WIDTH = 336;
export const GAP = 8;
export const MAX_PRELOAD = 64;
/** The strips' fade-in (ImageStrips and the boot script). */
export const FADE_MS = 1000;
export const stripImageSrc = (n: number) => `/images/strips/${String(n).padStart(2, '0')}.webp`;

/** Classes of a strip, its moving track and its images (STRIP_BOOT_SCRIPT writes the same). */
export const STRIP_CLASS = 'h-56 overflow-hidden';
export const TRACK_CLASS = 'flex h-full w-max gap-2 will-change-transform';
export const IMAGE_CLASS = 'h-56 w-[336px] shrink-0 rounded-xl bg-slate-500/10 object-cover';

/** Where a strip's track starts: shifted by its prebuffer, within one sequence length. */
export function startOffset(strip: StripConfig, sequenceLength: number, viewportWidth: number) {
  return wrapOffset(-strip.prebufferVw * viewportWidth, sequenceLength * (ITEM_WIDTH + GAP));
}

/**
 * The strips' markup for their sequences: each sequence twice (when one copy
 * has scrolled by, the other is in its place), each track at its start offset.
 * The boot script writes exactly this string (strip-boot.test.ts compares).
 */
export function stripsMarkup(sequences: readonly number[][], viewportWidth: number): string {
  return sequences
    .map((sequence, i) => {
      const strip = STRIPS[i]!;
      const offset = startOffset(strip, sequence.length, viewportWidth);
      const images = sequence
        .map(
          (n) =>
            `<img src="${stripImageSrc(n)}" alt="" width="${ITEM_WIDTH}" height="224" decoding="async" draggable="false" class="${IMAGE_CLASS}">`,
        )
        .join('');
      return `<div data-strip="" data-direction="${strip.velocity < 0 ? 'left' : 'right'}" class="${STRIP_CLASS}"><div class="${TRACK_CLASS}" style="transform:translate3d(${offset}px, 0, 0)">${images}${images}</div></div>`;
    })
    .join('');
}

/** Fisher–Yates shuffle with an injectable random source for tests. */
export function shuffle<T>(items: readonly T[], random: () => number = Math.random): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/**
 * `count` images drawn at random from the pool without repeats: the pool is
 * used up in a random order before any image comes again, and a new round never
 * starts with the image the previous one ended with (no neighbours alike).
 */
export function pickImages(
  count: number,
  poolSize = STRIP_POOL_SIZE,
  random: () => number = Math.random,
): number[] {
  const pool = Array.from({ length: poolSize }, (_, i) => i + 1);
  const picked: number[] = [];
  while (picked.length < count) {
    let round = shuffle(pool, random);
    if (poolSize > 1 && round[0] === picked[picked.length - 1]) {
      round = [...round.slice(1), round[0]!];
    }
    picked.push(...round.slice(0, count - picked.length));
  }
  return picked;
}

/**
 * How many images a strip needs so that one copy of its sequence is at least
 * as wide as the viewport plus 200 px (plus the prebuffer for strips that start
 * shifted), capped at `max` (SPEC §9: 50, or 80 for the prebuffered strip).
 */
export function imagesNeeded(options: {
  viewportWidth: number;
  itemWidth: number;
  gap: number;
  prebufferPx?: number;
  max: number;
}): number {
  const { viewportWidth, itemWidth, gap, prebufferPx = 0, max } = options;
  const width = viewportWidth + 200 + prebufferPx;
  return Math.max(1, Math.min(max, Math.ceil(width / (itemWidth + gap))));
}

/** Keeps the offset of a looping strip within one sequence length. */
export function wrapOffset(offset: number, loopWidth: number): number {
  if (loopWidth <= 0) return 0;
  const wrapped = offset % loopWidth;
  return wrapped > 0 ? wrapped - loopWidth : wrapped;
}

/** Each strip's random image sequence for a viewport width (SPEC §9). */
export function chooseSequences(viewportWidth: number, random: () => number = Math.random) {
  return STRIPS.map((strip) =>
    pickImages(
      imagesNeeded({
        viewportWidth,
        itemWidth: ITEM_WIDTH,
        gap: GAP,
        prebufferPx: strip.prebufferVw * viewportWidth,
        max: strip.maxImages,
      }),
      STRIP_POOL_SIZE,
      random,
    ),
  );
}

/**
 * CSS `cubic-bezier(0.4, 0, 0.2, 1)` (Tailwind's default transition easing) at
 * time `t` in [0, 1], for fades driven from script.
 */
export function easeStandard(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  const [x1, y1, x2, y2] = [0.4, 0, 0.2, 1];
  const coord = (u: number, a: number, b: number) =>
    3 * a * u * (1 - u) ** 2 + 3 * b * u ** 2 * (1 - u) + u ** 3;
  // x(u) is increasing on [0, 1]: bisection finds the u whose x is t.
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 30; i++) {
    const mid = (lo + hi) / 2;
    if (coord(mid, x1, x2) < t) lo = mid;
    else hi = mid;
  }
  return coord((lo + hi) / 2, y1, y2);
}
