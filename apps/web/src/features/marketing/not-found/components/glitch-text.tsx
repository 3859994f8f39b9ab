import type { CSSProperties } from 'react';
import './glitch-text.css';

export interface GlitchTextProps {
  text: string;
  className?: string;
  /** Glitch strength at rest, 0…1 (SPEC §9: 0.12). */
  baseIntensity?: number;
  /** Glitch strength while hovered, 0…1 (SPEC §9: 0.35). */
  hoverIntensity?: number;
}

/** Text with a pure-CSS glitch; it stays still for reduced motion. */
export function GlitchText({
  text,
  className = '',
  baseIntensity = 0.12,
  hoverIntensity = 0.35,
}: GlitchTextProps) {
  return (
    <span
      data-text={text}
      className={`glitch ${className}`}
      style={{ '--glitch-base': baseIntensity, '--glitch-hover': hoverIntensity } as CSSProperties}
    >
      {text}
    </span>
  );
}
