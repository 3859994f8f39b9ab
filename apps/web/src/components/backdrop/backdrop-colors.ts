import type { Theme } from '~/lib/theme';

/** Soft blue of the backdrop per theme, and the colour its edges fade into. */
export const BACKDROP_COLORS: Record<Theme, { color: string; edge: [number, number, number] }> = {
  dark: { color: '#2f6bff', edge: [2, 6, 23] },
  light: { color: '#7fb0ff', edge: [219, 234, 254] },
};

/** SPEC §2: scale 1.2, opacity 0.8, forward direction, no mouse interaction. */
export const BACKDROP_DEFAULTS = {
  scale: 1.2,
  opacity: 0.8,
  direction: 'forward',
  mouseInteractive: false,
} as const;

export type BackdropDirection = 'forward' | 'reverse' | 'pingpong';
