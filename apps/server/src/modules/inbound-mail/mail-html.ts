import { compile } from 'html-to-text';

/**
 * HTML-only mail as plain text, without a regular expression on the markup
 * (security review N6: `[^>]*…[\s\S]*$` patterns took seconds on a 63 KB mail
 * and froze the server). html-to-text parses with htmlparser2 in one pass and
 * decodes entities as browsers do (`&#x110000;` becomes U+FFFD instead of
 * throwing, N8). Its tree parser is still quadratic in the nesting depth, so
 * markup nested deeper than any mail program writes is flattened by a plain
 * scan instead (`flattenMarkup`).
 */

/** Longest HTML converted; a real mail's HTML body is a few hundred KB at most. */
export const MAX_HTML_CHARS = 1024 * 1024;
/**
 * Deepest nesting handed to html-to-text, as mailparser's own limit: parsing is
 * quadratic in depth and the converter's recursion overflows near 2000 levels,
 * while browsers flatten anything deeper than 512.
 */
export const MAX_HTML_DEPTH = 1000;

/** Stands where the quoted history began; the text is cut there. A private-use character. */
const HISTORY = '\u{F8FF}';

/**
 * Where Outlook marks the history (divRplyFwdMsg, appendonsend): the original
 * mail follows as siblings, unquoted, to the end. html-to-text has no "and
 * what follows" selector, so each writes a marker and the text is cut at the
 * first one.
 */
const CUT_AT = ['#divRplyFwdMsg', '#appendonsend'];

/**
 * The quotation of Gmail (gmail_quote: attribution and blockquote) and
 * Thunderbird (moz-cite-prefix: the attribution line), and Gmail's signature:
 * left out, and only they, so an answer written below or between them stays.
 */
const SKIPPED = ['div.gmail_quote', 'div.gmail_signature', 'div.moz-cite-prefix', 'blockquote'];

/** How every converter here writes the markup that stays. */
const LAYOUT = [
  // Outlook's line above its header block; a rule says nothing in text.
  { selector: 'hr', format: 'skip' },
  { selector: 'img', format: 'skip' },
  { selector: 'a', options: { ignoreHref: true } },
  ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((selector) => ({
    selector,
    options: { uppercase: false },
  })),
  { selector: 'table', format: 'block' },
  { selector: 'tr', format: 'block' },
  { selector: 'td', format: 'block' },
  { selector: 'th', format: 'block' },
];

const OPTIONS = {
  wordwrap: false as const,
  limits: {
    maxInputLength: MAX_HTML_CHARS,
    maxDepth: MAX_HTML_DEPTH,
    maxChildNodes: 20_000,
    maxBaseElements: 100,
    ellipsis: '',
  },
};

const convert = compile({
  ...OPTIONS,
  formatters: {
    history: (_element, _walk, builder) => builder.addLiteral(HISTORY),
  },
  selectors: [
    ...CUT_AT.map((selector) => ({ selector, format: 'history' })),
    ...SKIPPED.map((selector) => ({ selector, format: 'skip' })),
    ...LAYOUT,
  ],
});

/** Everything, quotation included: for a mail that is nothing but quotation. */
const convertAll = compile({
  ...OPTIONS,
  selectors: [...LAYOUT, { selector: 'blockquote', format: 'block' }],
});

/**
 * The HTML's text without the quoted history. When nothing is left (the
 * answer cannot be told from the quotation), the whole text: a mail is never
 * reduced to nothing.
 */
export function htmlToText(html: string): string {
  const input = html.length > MAX_HTML_CHARS ? html.slice(0, MAX_HTML_CHARS) : html;
  if (nestsDeeperThan(input, MAX_HTML_DEPTH)) return tidy(flattenMarkup(input));
  const text = convert(input);
  const cut = text.indexOf(HISTORY);
  return tidy(cut < 0 ? text : text.slice(0, cut)) || tidy(convertAll(input));
}

/** No-break spaces as spaces, trailing spaces off each line, at most one empty line in a row. */
function tidy(text: string): string {
  const out: string[] = [];
  let blank = 0;
  for (const raw of text.replaceAll('\u00a0', ' ').split('\n')) {
    const line = raw.trimEnd();
    if (line === '') {
      blank += 1;
      if (blank <= 1) out.push('');
    } else {
      blank = 0;
      out.push(line);
    }
  }
  return out.join('\n').trim();
}

const VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Closed by a sibling of the same kind, so a run of them does not nest. */
const IMPLIED_END = new Set([
  'p',
  'li',
  'dt',
  'dd',
  'option',
  'optgroup',
  'tr',
  'td',
  'th',
  'thead',
  'tbody',
  'tfoot',
  'rt',
  'rp',
]);
const BLOCK = new Set([
  'br',
  'p',
  'div',
  'li',
  'tr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'table',
  'ul',
  'ol',
]);

const isNameChar = (code: number) =>
  (code >= 0x61 && code <= 0x7a) ||
  (code >= 0x41 && code <= 0x5a) ||
  (code >= 0x30 && code <= 0x39) ||
  code === 0x2d ||
  code === 0x3a ||
  code === 0x5f;

interface Tag {
  name: string;
  closing: boolean;
  /** Index just past the tag's `>`, or -1 when it never closes. */
  end: number;
}

/** The tag starting at `lt` (a `<`), or null when that `<` is text. */
function tagAt(html: string, lt: number): Tag | null {
  let pos = lt + 1;
  const closing = html.charCodeAt(pos) === 0x2f;
  if (closing) pos += 1;
  const start = pos;
  while (pos < html.length && isNameChar(html.charCodeAt(pos))) pos += 1;
  if (pos === start) return null;
  const gt = html.indexOf('>', pos);
  return { name: html.slice(start, pos).toLowerCase(), closing, end: gt < 0 ? -1 : gt + 1 };
}

/**
 * Whether `html` nests elements deeper than `max` as htmlparser2 would build
 * them (mailparser's check, same rules): one linear pass, every element pushed
 * and popped at most once.
 */
export function nestsDeeperThan(html: string, max: number): boolean {
  const stack: string[] = [];
  const open = new Map<string, number>();
  let i = html.indexOf('<');
  while (i >= 0) {
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      i = end < 0 ? -1 : html.indexOf('<', end + 3);
      continue;
    }
    const tag = tagAt(html, i);
    if (!tag) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    if (tag.end < 0) return false;
    if (!VOID.has(tag.name) && !IMPLIED_END.has(tag.name)) {
      if (!tag.closing) {
        stack.push(tag.name);
        open.set(tag.name, (open.get(tag.name) ?? 0) + 1);
        if (stack.length > max) return true;
      } else if (open.get(tag.name)) {
        let popped: string | undefined;
        do {
          popped = stack.pop();
          if (popped !== undefined) open.set(popped, (open.get(popped) ?? 1) - 1);
        } while (popped !== undefined && popped !== tag.name);
      }
    }
    i = html.indexOf('<', tag.end);
  }
  return false;
}

/**
 * Markup too deep to parse as a tree: tags dropped (a line break for block
 * elements), style and script content dropped, entities decoded. One pass.
 */
export function flattenMarkup(html: string): string {
  let out = '';
  let from = 0;
  let skipUntil: string | null = null;
  let i = html.indexOf('<');
  while (i >= 0) {
    if (!skipUntil) out += decodeEntities(html.slice(from, i));
    if (html.startsWith('<!--', i)) {
      const end = html.indexOf('-->', i + 4);
      if (end < 0) return out;
      from = end + 3;
      i = html.indexOf('<', from);
      continue;
    }
    const tag = tagAt(html, i);
    if (!tag) {
      if (!skipUntil) out += '<';
      from = i + 1;
      i = html.indexOf('<', from);
      continue;
    }
    // An unfinished tag runs to the end, as in a browser.
    if (tag.end < 0) return out;
    if (skipUntil) {
      if (tag.closing && tag.name === skipUntil) skipUntil = null;
    } else if (!tag.closing && (tag.name === 'style' || tag.name === 'script')) {
      skipUntil = tag.name;
    } else if (BLOCK.has(tag.name)) {
      out += '\n';
    }
    from = tag.end;
    i = html.indexOf('<', from);
  }
  if (!skipUntil) out += decodeEntities(html.slice(from));
  return out;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

/** A code point as a string; what Unicode has no place for is U+FFFD, as in HTML. */
function codePoint(value: number): string {
  if (!Number.isInteger(value) || value <= 0 || value > 0x10ffff) return '\uFFFD';
  if (value >= 0xd800 && value <= 0xdfff) return '\uFFFD';
  return String.fromCodePoint(value);
}

/** `&name;`, `&#nn;` and `&#xhh;` in text, one pass; a name longer than 32 characters is text. */
export function decodeEntities(text: string): string {
  let out = '';
  let from = 0;
  let amp = text.indexOf('&');
  while (amp >= 0) {
    // Looked for within the next 33 characters only: a far `;` is not this entity's end.
    const near = text.slice(amp + 1, amp + 34).indexOf(';');
    if (near < 0) {
      amp = text.indexOf('&', amp + 1);
      continue;
    }
    const semi = amp + 1 + near;
    const name = text.slice(amp + 1, semi);
    let value: string | undefined;
    if (/^#x[0-9a-f]{1,8}$/i.test(name)) value = codePoint(Number.parseInt(name.slice(2), 16));
    else if (/^#[0-9]{1,10}$/.test(name)) value = codePoint(Number(name.slice(1)));
    else value = NAMED[name.toLowerCase()];
    if (value === undefined) {
      amp = text.indexOf('&', amp + 1);
      continue;
    }
    out += text.slice(from, amp) + value;
    from = semi + 1;
    amp = text.indexOf('&', from);
  }
  return out + text.slice(from);
}
