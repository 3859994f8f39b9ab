/*
 * The part of a stylesheet one prerendered page needs for its first paint:
 * every rule whose selector can match that page's classes, plus every rule
 * that names no class (elements, :root, @font-face, @keyframes, @property).
 * The full stylesheet still loads right after the first paint (first-paint.ts),
 * so states the scripts add later (open menus, dialogs) look as before.
 */

/** Classes the inline theme script of root.tsx puts on <html> before the first paint. */
const RUNTIME_CLASSES = ['dark', 'signed-in', 'cookie-ok'];

/** An attribute's value as React escapes it in the HTML, unescaped (`&amp;` last, so nothing is unescaped twice). */
function attributeText(value: string): string {
  return value.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
}

const HIDDEN_ELEMENT = /<([a-z][\w-]*)\b[^>]*\shidden=""[^>]*>/g;

/**
 * The page without its elements that carry the `hidden` attribute (the phone
 * menu): nothing in them shows until a script removes the attribute, and the
 * scripts start with the full stylesheet. Their rules were a hundred bytes of
 * every page's first round trip (issue 34). An element is cut to its matching
 * closing tag (same-name tags counted); one whose end is not found is kept.
 */
export function withoutHiddenElements(html: string): string {
  let out = '';
  let at = 0;
  for (const match of html.matchAll(HIDDEN_ELEMENT)) {
    if (match.index < at) continue;
    const name = match[1] ?? '';
    const tags = new RegExp(`<(/?)${name}\\b[^>]*>`, 'g');
    tags.lastIndex = match.index + match[0].length;
    let depth = 1;
    let end = -1;
    for (let tag = tags.exec(html); tag; tag = tags.exec(html)) {
      depth += tag[1] ? -1 : 1;
      if (depth === 0) {
        end = tag.index + tag[0].length;
        break;
      }
    }
    if (end === -1) continue;
    out += html.slice(at, match.index);
    at = end;
  }
  return out + html.slice(at);
}

/** Every class named in the page's class attributes, outside its hidden elements. */
export function classesOf(html: string): Set<string> {
  const classes = new Set(RUNTIME_CLASSES);
  for (const match of withoutHiddenElements(html).matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of attributeText(match[1] ?? '').split(/\s+/)) {
      if (name) classes.add(name);
    }
  }
  return classes;
}

/** Class names a selector requires; what sits inside :not() is not required. */
function requiredClasses(selector: string): string[] {
  let rest = selector;
  for (let previous = ''; previous !== rest; ) {
    previous = rest;
    rest = rest.replace(/:not\([^()]*\)/g, '');
  }
  return [...rest.matchAll(/\.((?:\\.|[\w-])+)/g)].map((m) => (m[1] ?? '').replace(/\\(.)/g, '$1'));
}

/** One selector list can match the page when one of its selectors' classes are all there. */
function canMatch(selectorList: string, classes: Set<string>): boolean {
  return splitTopLevel(selectorList).some((selector) =>
    requiredClasses(selector).every((name) => classes.has(name)),
  );
}

/** Splits on commas outside parentheses and brackets. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** Index of the brace closing the block opened at `open`, skipping strings and escapes. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      i = end === -1 ? css.length : end;
    } else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  throw new Error('unbalanced braces in a built stylesheet');
}

/** Blocks whose content is rules that are filtered one by one. */
const GROUPING_AT_RULE = /^@(media|supports|layer|container)\b/;

/** The rules of `css` (minified, as Vite writes it) that can apply to a page with `classes`. */
export function criticalCss(css: string, classes: Set<string>): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const brace = css.indexOf('{', i);
    const semicolon = css.indexOf(';', i);
    if (brace === -1) {
      out += css.slice(i);
      break;
    }
    // A statement such as `@layer theme,base;` or `@charset`.
    if (semicolon !== -1 && semicolon < brace && css[i] === '@') {
      out += css.slice(i, semicolon + 1);
      i = semicolon + 1;
      continue;
    }
    const prelude = css.slice(i, brace).trim();
    const end = closingBrace(css, brace);
    const body = css.slice(brace + 1, end);
    if (GROUPING_AT_RULE.test(prelude)) {
      const inner = criticalCss(body, classes);
      if (inner) out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@') || canMatch(prelude, classes)) {
      out += `${prelude}{${body}}`;
    }
    i = end + 1;
  }
  return out;
}

const FONT_FACE = /@font-face\{([^{}]*)\}/g;

/** The family an @font-face body declares, unquoted. */
function declaredFamily(body: string): string {
  const value = /font-family:([^;]*)/.exec(body)?.[1] ?? '';
  return value.trim().replace(/^(["'])(.*)\1$/, '$2');
}

/** What the page's `style` attributes say, unescaped. */
export function inlineStylesOf(html: string): string {
  return [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) => attributeText(m[1] ?? '')).join(';');
}

/**
 * `css` without the @font-face rules of families that neither its other rules
 * nor the page's inline styles name: the browser would not fetch those fonts
 * for the first paint anyway, so their rules (some with the font inlined as
 * data) are only bytes in the way. They come with the full stylesheet.
 */
export function withoutUnusedFontFaces(css: string, inlineStyles: string): string {
  const rest = `${css.replace(FONT_FACE, '')}\n${inlineStyles}`.toLowerCase();
  return css.replace(FONT_FACE, (rule, body: string) =>
    rest.includes(declaredFamily(body).toLowerCase()) ? rule : '',
  );
}

/** A custom property's declaration in a rule body: from its name to its `;` or the rule's `}`. */
interface CustomPropertyDeclaration {
  name: string;
  start: number;
  end: number;
}

/** Where each declaration ends: the first `;` or `}` outside parentheses and quotes. */
function declarationEnd(css: string, from: number): number {
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === '\\') i++;
    else if (c === '"' || c === "'") {
      const end = css.indexOf(c, i + 1);
      i = end === -1 ? css.length : end;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if ((c === ';' || c === '}') && depth === 0) return c === ';' ? i + 1 : i;
  }
  return css.length;
}

function customPropertyDeclarations(css: string): CustomPropertyDeclaration[] {
  return [...css.matchAll(/(?<=[{;])(--[\w-]+):/g)].map((match) => ({
    name: match[1] ?? '',
    start: match.index,
    end: declarationEnd(css, match.index + match[0].length),
  }));
}

const PROPERTY_RULE = /@property (--[\w-]+)\{[^{}]*\}/g;

/**
 * `css` without the custom properties that nothing left in it, and nothing in
 * the page, reads with `var()`: Tailwind's theme declares every colour and
 * size the whole site uses on `:root`, and those declarations were over a
 * third of `/`'s inline CSS. A declaration kept only for another removed one
 * goes too (repeated until nothing changes), and so do the `@property` rules
 * of names nothing reads. The full stylesheet brings them all back after the paint.
 */
export function withoutUnusedCustomProperties(css: string, page: string): string {
  const declarations = customPropertyDeclarations(css);
  let kept = declarations;
  let text = css;
  let read = new Set<string | undefined>();
  for (;;) {
    text = '';
    let at = 0;
    for (const declaration of declarations) {
      if (kept.includes(declaration)) continue;
      text += css.slice(at, declaration.start);
      at = declaration.end;
    }
    text += css.slice(at);
    read = new Set(
      [...`${text}\n${page}`.matchAll(/var\(\s*(--[\w-]+)/g)].map((match) => match[1]),
    );
    const next = kept.filter((declaration) => read.has(declaration.name));
    if (next.length === kept.length) break;
    kept = next;
  }
  // A registered property (its initial value) counts wherever it is read, declared or not.
  return text.replace(PROPERTY_RULE, (rule, name: string) => (read.has(name) ? rule : ''));
}
