import { describe, expect, it } from 'vitest';
import { linkRanges, linkSegments, segmentsOf } from './link-segments';

describe('linkSegments', () => {
  it('makes http, https, mailto and e-mail addresses links, keeping the text around them', () => {
    expect(linkSegments('Zobacz https://example.com/a?b=1, napisz na biuro@studio.pl.')).toEqual([
      { kind: 'text', text: 'Zobacz ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: ', napisz na ' },
      { kind: 'link', text: 'biuro@studio.pl', href: 'mailto:biuro@studio.pl' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves javascript:, data: and ftp: as plain text', () => {
    for (const body of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'ftp://pliki.pl/a']) {
      expect(linkSegments(body).every((s) => s.kind === 'text')).toBe(true);
    }
  });

  it('keeps markup as text: only the URL inside it can become a link', () => {
    const segments = linkSegments('<a href="javascript:alert(1)">kliknij</a>');
    expect(segments.filter((s) => s.kind === 'link')).toEqual([]);
    expect(segments.map((s) => s.text).join('')).toBe('<a href="javascript:alert(1)">kliknij</a>');
  });

  it('cuts a body by ranges found before (by the server) as it would itself, skipping ranges that do not fit', () => {
    const body = 'Zobacz https://example.com/a?b=1, napisz na biuro@studio.pl.';
    expect(segmentsOf(body, linkRanges(body))).toEqual(linkSegments(body));
    expect(segmentsOf('abc', [[1, 9, 'https://x.pl']])).toEqual([{ kind: 'text', text: 'abc' }]);
    expect(segmentsOf('abc', [[0, 1, 'javascript:alert(1)']])).toEqual([
      { kind: 'text', text: 'abc' },
    ]);
    expect(
      segmentsOf('ab cd', [
        [3, 5, 'https://cd'],
        [0, 2, 'https://ab'],
      ]),
    ).toEqual([
      { kind: 'text', text: 'ab ' },
      { kind: 'link', text: 'cd', href: 'https://cd' },
    ]);
  });
});
