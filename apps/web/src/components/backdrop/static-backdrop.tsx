import type { CSSProperties } from 'react';
import { BACKDROP_COLORS, BACKDROP_DEFAULTS } from './backdrop-colors';
import { staticGradient } from './static-gradient';

const darkGradient = staticGradient(
  BACKDROP_COLORS.dark.color,
  BACKDROP_DEFAULTS.opacity,
  BACKDROP_COLORS.dark.edge,
);
const lightGradient = staticGradient(
  BACKDROP_COLORS.light.color,
  BACKDROP_DEFAULTS.opacity,
  BACKDROP_COLORS.light.edge,
);

/**
 * Full-screen gradient that is part of the prerendered HTML: it is the whole
 * backdrop for reduced motion and the first frame for everyone else, so the page
 * never waits for WebGL. Both themes are in CSS variables; the `dark` class picks.
 */
export function StaticBackdrop() {
  return (
    <div
      aria-hidden="true"
      data-backdrop="static"
      className="pointer-events-none fixed inset-0 z-0 bg-(image:--bd-light) dark:bg-(image:--bd-dark)"
      style={{ '--bd-dark': darkGradient, '--bd-light': lightGradient } as CSSProperties}
    />
  );
}
