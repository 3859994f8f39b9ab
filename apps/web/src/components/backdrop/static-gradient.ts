/**
 * The backdrop as a plain CSS gradient: used for reduced motion (SPEC §9 "static")
 * and underneath the WebGL canvas until it has drawn its first frame.
 */
export const FALLBACK_COLOR = '#3b82f6';

export function parseHex(hex: string): [number, number, number] | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match?.[1]) return null;
  let digits = match[1];
  if (digits.length === 3) digits = [...digits].map((d) => d + d).join('');
  const value = Number.parseInt(digits, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

/** Alpha of the coloured centre: 0.85 × opacity + 0.08 (SPEC §9). */
export const centerAlpha = (opacity: number) => 0.85 * opacity + 0.08;
/** Alpha of the dark edge: 0.65 × opacity + 0.3 (SPEC §9). */
export const edgeAlpha = (opacity: number) => 0.65 * opacity + 0.3;

const clampAlpha = (a: number) => Math.min(1, Math.max(0, a)).toFixed(3);

export function staticGradient(
  color: string,
  opacity: number,
  edgeRgb: [number, number, number],
): string {
  const [r, g, b] = parseHex(color) ?? parseHex(FALLBACK_COLOR) ?? [59, 130, 246];
  const [er, eg, eb] = edgeRgb;
  const center = clampAlpha(centerAlpha(opacity));
  const edge = clampAlpha(edgeAlpha(opacity));
  return [
    `radial-gradient(60% 50% at 20% 15%, rgba(${r}, ${g}, ${b}, ${center}) 0%, rgba(${r}, ${g}, ${b}, 0) 70%)`,
    `radial-gradient(55% 45% at 85% 70%, rgba(${r}, ${g}, ${b}, ${clampAlpha(centerAlpha(opacity) * 0.7)}) 0%, rgba(${r}, ${g}, ${b}, 0) 70%)`,
    `linear-gradient(160deg, rgba(${er}, ${eg}, ${eb}, ${clampAlpha(edgeAlpha(opacity) * 0.6)}) 0%, rgba(${er}, ${eg}, ${eb}, ${edge}) 100%)`,
  ].join(', ');
}
