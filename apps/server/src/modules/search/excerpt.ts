import { SEARCH_EXCERPT_MAX_CHARS } from '@studio/shared/tickets';
import { matchedRanges } from './polish-words';

export interface Excerpt {
  text: string;
  highlights: [number, number][];
}

/** Text shown before the first hit, so it reads in its context. */
const LEAD_CHARS = 40;
const ELLIPSIS = '…';

/**
 * The part of a message a search result shows (DESIGN.md §7.8): at most
 * SEARCH_EXCERPT_MAX_CHARS characters of plain text, whitespace runs made one
 * space, around the place with the most hits, cut at spaces where it can be,
 * with „…” where text was left out, and the hits as `[start, end)` ranges in
 * it. With no hit (a word matched by a form the text shows differently) the
 * message's beginning is shown without highlights.
 */
export function searchExcerpt(
  body: string,
  wanted: ReadonlySet<string>,
  prefixes: readonly string[] = [],
  maxChars = SEARCH_EXCERPT_MAX_CHARS,
): Excerpt {
  const text = body.replace(/\s+/g, ' ').trim();
  const hits = matchedRanges(text, wanted, prefixes);
  if (text.length <= maxChars) return { text, highlights: hits };

  const anchor = densestHit(hits, maxChars - 2 * ELLIPSIS.length - LEAD_CHARS);
  let start = anchor === null ? 0 : Math.max(0, anchor - LEAD_CHARS);
  if (start > 0) start = afterSpace(text, start, anchor ?? start);
  const lead = start > 0 ? ELLIPSIS : '';
  let end = Math.min(text.length, start + maxChars - lead.length);
  if (end < text.length) {
    end = beforeSpace(text, start, end - ELLIPSIS.length);
  }
  const tail = end < text.length ? ELLIPSIS : '';
  const shift = lead.length - start;
  const highlights = hits
    .filter(([hitStart, hitEnd]) => hitStart >= start && hitEnd <= end)
    .map(([hitStart, hitEnd]): [number, number] => [hitStart + shift, hitEnd + shift]);
  return { text: lead + text.slice(start, end) + tail, highlights };
}

/** The start of the hit with the most hits within `span` characters from it (the first of equals). */
function densestHit(hits: readonly [number, number][], span: number): number | null {
  let best: number | null = null;
  let bestCount = 0;
  let last = 0;
  for (let first = 0; first < hits.length; first++) {
    const from = (hits[first] as [number, number])[0];
    if (last < first) last = first;
    while (last + 1 < hits.length && (hits[last + 1] as [number, number])[1] <= from + span) last++;
    const count = last - first + 1;
    if (count > bestCount) {
      best = from;
      bestCount = count;
    }
  }
  return best;
}

/** Just after the first space in [from, limit), or `from` when there is none. */
function afterSpace(text: string, from: number, limit: number): number {
  const space = text.indexOf(' ', from);
  return space !== -1 && space < limit ? space + 1 : from;
}

/** Just before the last space in (from, end], or `end` when there is none. */
function beforeSpace(text: string, from: number, end: number): number {
  const space = text.lastIndexOf(' ', end);
  return space > from ? space : end;
}
