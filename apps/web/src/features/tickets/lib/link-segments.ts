import { find } from 'linkifyjs';

export type TextSegment =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string };

/** Only these become links; `javascript:`, `data:`, `ftp:` and the rest stay plain text. */
const SAFE_HREF = /^(https?:\/\/|mailto:)/i;

/**
 * A message body cut into plain text and links (http, https, mailto and bare
 * e-mail addresses), found by `linkifyjs`. The pieces are rendered as React
 * text and `<a>` elements, never as HTML, so markup typed into a message
 * (`<a href=…>`) shows as the characters it is.
 */
export function linkSegments(body: string): TextSegment[] {
  const segments: TextSegment[] = [];
  let at = 0;
  for (const link of find(body)) {
    if (!link.isLink || !SAFE_HREF.test(link.href)) continue;
    if (link.start > at) segments.push({ kind: 'text', text: body.slice(at, link.start) });
    segments.push({ kind: 'link', text: body.slice(link.start, link.end), href: link.href });
    at = link.end;
  }
  if (at < body.length) segments.push({ kind: 'text', text: body.slice(at) });
  return segments;
}
