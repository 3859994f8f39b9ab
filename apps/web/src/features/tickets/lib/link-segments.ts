import { find } from 'linkifyjs';

export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string };

/** Where a body's links are, as `linkSegments` cuts it: `[start, end, href]` each, in order. */
export type LinkRanges = [start: number, end: number, href: string][];

/** Only these become links; `javascript:`, `data:`, `ftp:` and the rest stay plain text. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/**
 * The links of a message body (http, https, mailto and bare e-mail addresses),
 * found by `linkifyjs`. Its first call builds the scanner's table of every
 * top-level domain, one task of ~40 ms (160 ms at 4× CPU slowdown): the
 * server-rendered thread therefore hydrates from the ranges the server found
 * (`ServerState.links`) and only later messages call this in the browser.
 */
export function linkRanges(body: string): LinkRanges {
  const ranges: LinkRanges = [];
  for (const link of find(body)) {
    if (link.isLink && SAFE_HREF.test(link.href)) ranges.push([link.start, link.end, link.href]);
  }
  return ranges;
}

/**
 * A body cut into plain text and its links. The pieces are rendered as React
 * text and `<a>` elements, never as HTML, so markup typed into a message
 * (`<a href=…>`) shows as the characters it is. Ranges that do not fit the
 * body (out of order, outside it, or with an unsafe address) are left out.
 */
export function segmentsOf(body: string, ranges: LinkRanges): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const [start, end, href] of ranges) {
    if (start < at || end <= start || end > body.length || !SAFE_HREF.test(href)) continue;
    if (start > at) segments.push({ kind: 'text', text: body.slice(at, start) });
    segments.push({ kind: 'link', text: body.slice(start, end), href });
    at = end;
  }
  if (at < body.length) segments.push({ kind: 'text', text: body.slice(at) });
  return segments;
}

/** A message body cut into plain text and links (`linkRanges`, `segmentsOf`). */
export function linkSegments(body: string): TextSegment[] {
  return segmentsOf(body, linkRanges(body));
}
