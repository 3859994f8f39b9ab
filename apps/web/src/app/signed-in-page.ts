import { SERVER_STATE_ELEMENT_ID } from '@studio/shared/server-render';
import type { ServerState } from '~/lib/session';
import { criticalStyleOf } from '../../scripts/first-paint';
import { EARLY_ME_SCRIPT } from './early-me';

/*
 * The server-rendered signed-in Kontakt screen (issue 34) as a page: the
 * prerendered /contact page (its head, its scripts, everything the build did to
 * paint from HTML, scripts/first-paint.ts) with the React part of its body
 * replaced by the server's render, the inlined rules recomputed for the classes
 * the screen uses, and the state the render came from for the browser's first
 * render (lib/session.ts ServerState). The document React hydrates is thus the one it
 * rendered, and the page loads its scripts as every prerendered page does.
 */

/** React Router's context script (`<Scripts>`), which root.tsx puts right after `<ScrollRestoration>`'s. */
const ROUTER_CONTEXT = '<script>window.__reactRouterContext';

/**
 * Where the page's content is: from `<body>` to ScrollRestoration's script, the
 * script before React Router's context (the content may hold scripts of its own,
 * the thread's THREAD_BOTTOM_SCRIPT).
 */
function reactBody(html: string): { start: number; end: number } {
  const body = html.indexOf('<body>');
  if (body < 0) throw new Error('the page has no <body>');
  const start = body + '<body>'.length;
  const context = html.indexOf(ROUTER_CONTEXT, start);
  const end = context < 0 ? -1 : html.lastIndexOf('<script', context - 1);
  if (end < start) throw new Error('the page has no React Router scripts after its content');
  return { start, end };
}

/** An inlined critical `<style>` (or none) followed by its disabled stylesheet, as first-paint.ts writes them. */
const INLINED_STYLESHEET =
  /(?:<style>((?:(?!<\/style>)[\s\S])*)<\/style>)?<link rel="stylesheet" href="(\/assets\/[^"]+\.css)" disabled=""\/>/g;

/**
 * JSON for a script element: `<` is written `\u003c`, so no text inside
 * (`</script>`, `<!--`) can end or change the element; U+2028/2029 likewise.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/**
 * The browser paints nothing until the state script, the body's last element,
 * is parsed. The screen is a flex column of fixed height whose composer sits
 * below the flexible thread: painted while the parser had reached only the
 * composer's opening tag (a long thread's page arrives and parses in parts),
 * the composer was a thin strip at the panel's bottom that then grew upwards
 * as its content came, a layout shift of 0.03 on a phone. The whole document
 * is one response already in hand, so waiting for its end costs little.
 */
const RENDER_WHOLE_SCREEN = `<link rel="expect" href="#${SERVER_STATE_ELEMENT_ID}" blocking="render"/>`;

/** The inert module script of the prerendered page, with the screen's chunks (scripts/first-paint.ts). */
const SIGNED_IN_CHUNKS =
  /(<script type="text\/plain" data-signed-in=")([^"]*)(" data-after-paint=")([^"]*)"/;

/**
 * The screen's chunks without those the route preloads anyway. The start script
 * appends a `modulepreload` link for each name on both lists, in one task after
 * the first paint; about 20 of the screen's 41 are the route's too, and each
 * link costs the main thread a request's start (1–6 ms at 4× CPU slowdown).
 */
export function withoutRepeatedChunks(html: string): string {
  return html.replace(SIGNED_IN_CHUNKS, (_match, open, screen: string, middle, route: string) => {
    const routeChunks = new Set(route.split(' '));
    const own = [...new Set(screen.split(' '))].filter((chunk) => !routeChunks.has(chunk));
    return `${open}${own.join(' ')}${middle}${route}"`;
  });
}

export function signedInPage({
  prerendered,
  rendered,
  state,
  readAsset,
}: {
  /** The prerendered /contact page as built. */
  prerendered: string;
  /** React Router's render of /contact with `state`. */
  rendered: string;
  state: ServerState;
  /** A built file's text by its URL path (the stylesheets). */
  readAsset: (urlPath: string) => string;
}): string {
  const page = reactBody(prerendered);
  const screen = reactBody(rendered);
  // Both come from the same build: ScrollRestoration's scripts must agree, or the splice is wrong.
  const scrollScript = (html: string, at: number) =>
    html.slice(at, html.indexOf(ROUTER_CONTEXT, at));
  if (scrollScript(prerendered, page.end) !== scrollScript(rendered, screen.end)) {
    throw new Error('the rendered page does not end its content like the prerendered one');
  }
  const html =
    prerendered.slice(0, page.start) +
    rendered.slice(screen.start, screen.end) +
    withoutRepeatedChunks(prerendered.slice(page.end));
  // The state carries `me`: no request for it before the first paint (early-me.ts).
  const headEnd = html.indexOf('</head>');
  if (!html.slice(0, headEnd).includes(EARLY_ME_SCRIPT)) {
    throw new Error("the prerendered page's head does not start `me` as expected");
  }
  const head = html.slice(0, headEnd).replace(EARLY_ME_SCRIPT, '');
  const styled = head.replace(INLINED_STYLESHEET, (_match, _old, href: string) => {
    const css = readAsset(href).replace(/<\/style/gi, '<\\/style');
    return `${criticalStyleOf(html, css)}<link rel="stylesheet" href="${href}" disabled=""/>`;
  });
  const stateScript = `<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${scriptJson(state)}</script>`;
  const rest = html.slice(headEnd);
  const bodyEnd = rest.lastIndexOf('</body>');
  return `${styled}${RENDER_WHOLE_SCREEN}${rest.slice(0, bodyEnd)}${stateScript}${rest.slice(bodyEnd)}`;
}
