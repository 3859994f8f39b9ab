/** A piece of a search excerpt: plain text, or a matched word to mark. */
export interface ExcerptSegment {
  text: string;
  isHit: boolean;
}

/**
 * A search excerpt (DESIGN.md §7.8) cut into plain and highlighted pieces by
 * its `[start, end)` ranges (UTF-16 indices into `text`). The pieces become
 * React text and `<mark>` elements, never HTML, so markup a customer typed
 * shows as the characters it is. The server sends the ranges in order and
 * apart; a range that is empty, reaches outside the text, is not a whole
 * number or overlaps one already taken is skipped, so a wrong range can only
 * lose a highlight, never text.
 */
export function excerptSegments(
  text: string,
  highlights: readonly (readonly [number, number])[],
): ExcerptSegment[] {
  const ranges = highlights
    .filter(
      ([start, end]) =>
        Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start < end,
    )
    .filter(([, end]) => end <= text.length)
    .slice()
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);

  const segments: ExcerptSegment[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start < at) continue;
    if (start > at) segments.push({ text: text.slice(at, start), isHit: false });
    segments.push({ text: text.slice(start, end), isHit: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), isHit: false });
  return segments;
}
