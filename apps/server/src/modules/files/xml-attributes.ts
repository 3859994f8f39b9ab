/**
 * The elements of an XML text with their attributes, decoded as an XML
 * parser (and so Office) reads them: `&#x64;`, `&#100;` and the five
 * predefined entities become their characters. Enough for the small parts
 * of an office package (`[Content_Types].xml`, `.rels`), which are only
 * elements with attributes.
 *
 * It reads attacker text, so it is one forward pass: every step moves past
 * what it looked at (indexOf from the current place, no regular expression),
 * and the caller caps the text (office.ts reads at most 1 MiB a part).
 */

export interface XmlElement {
  /** The local name, without a namespace prefix (`Override` for `ct:Override`). */
  name: string;
  /** Attribute local names to decoded values. */
  attributes: Map<string, string>;
}

export interface ScannedXml {
  elements: XmlElement[];
  /**
   * Not read as Office would: a DOCTYPE (or another `<!` declaration; reading
   * stops there), which could declare entities this scanner does not expand
   * and which OPC forbids in a package, or an `&` that starts no reference
   * decoded here. Either could hide a word from the checks, so the caller
   * refuses such a package rather than guess.
   */
  unreadable: boolean;
}

const PREDEFINED: Record<string, string> = {
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
};
/** Room for `&#x10FFFF;` with leading zeros; a longer one is taken as undecodable. */
const LONGEST_REFERENCE = 32;

/** Content types and relationships of real documents count hundreds; more is not a document. */
const MAX_ELEMENTS = 50_000;

const isSpace = (c: string | undefined) => c === ' ' || c === '\t' || c === '\n' || c === '\r';

export function scanXml(xml: string): ScannedXml {
  const elements: XmlElement[] = [];
  let unreadable = false;
  let at = 0;
  const skipPast = (end: string) => {
    const found = xml.indexOf(end, at);
    at = found < 0 ? xml.length : found + end.length;
  };
  while (at < xml.length) {
    const open = xml.indexOf('<', at);
    if (open < 0) break;
    at = open + 1;
    if (xml.startsWith('!--', at)) skipPast('-->');
    else if (xml.startsWith('![CDATA[', at)) skipPast(']]>');
    else if (xml[at] === '!') {
      // DOCTYPE (or another declaration): the caller refuses the package, so reading stops here.
      unreadable = true;
      break;
    } else if (xml[at] === '?') skipPast('?>');
    else if (xml[at] === '/') skipPast('>');
    else {
      const element = readElement();
      if (!element) continue;
      if (elements.length === MAX_ELEMENTS) {
        unreadable = true;
        break;
      }
      elements.push(element);
    }
  }
  return { elements, unreadable };

  function readName(): string {
    const start = at;
    while (at < xml.length) {
      const c = xml[at];
      if (isSpace(c) || c === '>' || c === '/' || c === '=' || c === '<') break;
      at += 1;
    }
    const name = xml.slice(start, at);
    return name.slice(name.indexOf(':') + 1);
  }

  /** The element starting here, or undefined for a `<` that starts no name (stepped over). */
  function readElement(): XmlElement | undefined {
    const name = readName();
    if (!name) return undefined;
    const element: XmlElement = { name, attributes: new Map() };
    while (at < xml.length) {
      while (isSpace(xml[at])) at += 1;
      const c = xml[at];
      if (c === '>' || c === '<' || c === undefined) break;
      if (c === '/') {
        at += 1;
        continue;
      }
      const name = readName();
      while (isSpace(xml[at])) at += 1;
      if (xml[at] !== '=') {
        // A bare word: not well-formed XML; step over it and carry on.
        if (!name) at += 1;
        continue;
      }
      at += 1;
      while (isSpace(xml[at])) at += 1;
      const quote = xml[at];
      if (quote !== '"' && quote !== "'") continue;
      const end = xml.indexOf(quote, at + 1);
      const stop = end < 0 ? xml.length : end;
      const raw = xml.slice(at + 1, stop);
      const value = decodeXmlText(raw);
      if (value === undefined) unreadable = true;
      element.attributes.set(name, value ?? raw);
      at = stop + 1;
    }
    if (xml[at] === '>') at += 1;
    return element;
  }
}

/** Character and predefined entity references decoded; undefined when an `&` starts none of them. */
export function decodeXmlText(text: string): string | undefined {
  let out = '';
  let at = 0;
  for (;;) {
    const amp = text.indexOf('&', at);
    if (amp < 0) return out + text.slice(at);
    out += text.slice(at, amp);
    // Looked for within a reference's length only, so a text of many `&` stays linear.
    const window = text.slice(amp + 1, amp + 2 + LONGEST_REFERENCE);
    const semicolon = window.indexOf(';');
    const reference = semicolon > 0 ? window.slice(0, semicolon) : '';
    const decoded = reference ? decodeReference(reference) : undefined;
    if (decoded === undefined) return undefined;
    out += decoded;
    at = amp + 2 + semicolon;
  }
}

function decodeReference(reference: string): string | undefined {
  if (reference[0] !== '#') return PREDEFINED[reference];
  const hex = reference[1] === 'x' || reference[1] === 'X';
  const digits = reference.slice(hex ? 2 : 1);
  if (!digits || !(hex ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(digits)) return undefined;
  const codePoint = Number.parseInt(digits, hex ? 16 : 10);
  // Out of Unicode's range: a replacement character, never a thrown RangeError (compare N8).
  return codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : '\uFFFD';
}
