import fs from 'node:fs';
import path from 'node:path';
import {
  classesOf,
  criticalCss,
  inlineStylesOf,
  withoutUnusedCustomProperties,
  withoutUnusedFontFaces,
} from './critical-css';

/*
 * Makes a prerendered page paint without waiting for its stylesheet (issue 20):
 * the rules of its stylesheets that the page's own classes can use are inlined
 * (critical-css.ts); each <link> stays where React hydrates it, `disabled` so
 * the browser neither fetches nor waits for it, and the script that starts the
 * scripts after the first paint enables it first (a stylesheet enabled by a
 * script does not block rendering). Enabled at the end of the body instead,
 * it was fetched before the paint, and Lighthouse counted its 14 KB in every
 * page's first paint. The rules the critical set leaves out cannot match
 * anything on the page then: the home page's strips, written by an inline
 * script, name their classes in its text so that they count (strip-boot.ts;
 * without them, `/` moved at the stylesheet: CLS 0.035, 26 Nov).
 * The same rules come later in the document, so the result is the full
 * stylesheet's: states the scripts add later (menus, dialogs) look as before.
 *
 * The scripts start after the first paint (issue 20): Lighthouse's slow-4G
 * model counts every request that ended before the page's largest paint, and
 * locally the ~15 module files (~140 KB gzip) ended before it, so a page whose
 * content is all in its HTML was scored as if it waited for them (LCP 2.8–3.6 ×
 * the bare page's). React Router's module script is kept inert
 * (`type="text/plain"`, so the server's CSP still hashes its text) and its
 * `modulepreload`s move onto it as a list, until a constant script at the end
 * of the body, once the page has painted, adds the preloads
 * (the module graph is fetched at once, not one level after another) and runs
 * a copy of the script. The `load` event may then come
 * before hydration; a tap or typing in that gap is held and replayed by
 * src/app/early-input.ts.
 */

const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;

const MODULE_SCRIPT = '<script type="module" async="">';

/**
 * The site's icons. The browser fetches the icon as soon as the page has
 * loaded, and a page whose scripts wait for the paint loads before it paints:
 * that request came before the first paint on most routes (Lighthouse counted
 * it, about 130 ms of LCP in its slow-4G model). The prerendered page names an
 * empty icon (`data:,`, fetched from nowhere) and keeps the real one in
 * `data-href`, which the start script puts back at the first paint.
 */
const ICON_LINK = /<link rel="icon" href="([^"]+)"/g;

/**
 * SVG drawn from a file (`<use href="/assets/x.svg#id">`: the team page's logo
 * strip, scripts/tech-logo-sprite.ts). The browser fetches the file as it parses
 * the element, wherever it is on the page, so Lighthouse counted the 18 KB
 * sprite in /team's largest paint (LCP 1.81 × the limit's instead of 1.43 ×,
 * issue 34). The prerendered page keeps the address in `data-href`, which the
 * start script puts back at the first paint, as it does the icons'.
 */
const EXTERNAL_USE = /<use href="(\/[^"#]+#[^"]*)"/g;

/** Enables the stylesheets whose critical rules the page inlined. */
export const ENABLE_STYLESHEETS_SCRIPT =
  'document.querySelectorAll("link[rel=stylesheet][disabled]").forEach(function(l){l.disabled=false});';

/** Puts back the icons ICON_LINK and the files EXTERNAL_USE held until the paint. */
export const RESTORE_HELD_FILES_SCRIPT =
  'document.querySelectorAll("link[rel=icon][data-href],use[data-href]").forEach(function(e){e.setAttribute("href",e.getAttribute("data-href"));e.removeAttribute("data-href")});';

/**
 * Enables the full stylesheets, restores the icons and runs the inert module
 * script once the page has painted: at the first contentful paint the browser
 * reports as presented (not the first paint, which may be the background
 * alone: `/login` started its scripts 80 ms before its text painted, and
 * Lighthouse counted them; a frame's callbacks run before the frame reaches
 * the screen, and scripts started there still ended before the paint
 * Lighthouse reads: `/team` FCP 0.9 → 1.46 s in runs where they did), at the
 * latest 3 s on, or where paint entries do not exist at the first animation
 * frame's next task; at once in a hidden tab (which paints nothing until shown);
 * later while something holds them (`window.__scriptsHeld`): a
 * `fetchpriority="high"` image not yet painted (`/projects`' first slide, the
 * page's largest paint) or an inline script of the page (the home page's
 * strips until their first frame); the last release calls
 * `window.__scriptsStart`.
 * Constant, so the server's CSP allows it by its hash; the copy it inserts
 * has the inert script's text, which the CSP allows too.
 */
export const START_SCRIPTS_AFTER_PAINT_SCRIPT =
  '(function(){var W=window,d=document,started=false;' +
  // Adds the preloads and runs a copy of each inert module script, once.
  // A signed-in visitor also gets the preloads of the screen they will see (SIGNED_IN_SCREENS).
  `function start(){if(started)return;started=true;${ENABLE_STYLESHEETS_SCRIPT}${RESTORE_HELD_FILES_SCRIPT}var signedIn=d.documentElement.classList.contains("signed-in");d.querySelectorAll("script[data-after-paint]").forEach(function(t){(t.getAttribute("data-after-paint")+" "+(signedIn&&t.getAttribute("data-signed-in")||"")).split(" ").forEach(function(h){if(!h)return;var l=d.createElement("link");l.rel="modulepreload";l.href=h;d.head.appendChild(l)});var s=d.createElement("script");s.type="module";s.textContent=t.textContent;d.body.appendChild(s)})}` +
  'function go(){if(W.__scriptsHeld>0){W.__scriptsStart=go;return}start()}' +
  'if(d.visibilityState==="hidden")return start();' +
  // A high-priority image (the page's largest paint) holds them until it has painted:
  // decoded (an image that has loaded but is decoded off the main thread paints
  // frames later; /projects started its scripts in that gap now and then, and
  // Lighthouse counted them: LCP 1382 ms instead of ~930, issue 34), then its
  // largest-paint entry or the next frame.
  'd.querySelectorAll("img[fetchpriority=high]").forEach(function(img){W.__scriptsHeld=(W.__scriptsHeld||0)+1;var held=1;function release(){if(!held)return;held=0;if(--W.__scriptsHeld<=0&&W.__scriptsStart)W.__scriptsStart()}function painted(){try{new PerformanceObserver(function(list,o){list.getEntries().forEach(function(e){if(e.element===img){o.disconnect();release()}})}).observe({type:"largest-contentful-paint",buffered:true})}catch(e){}requestAnimationFrame(function(){setTimeout(release)})}if(img.decode)img.decode().then(painted,release);else if(img.complete)painted();else{img.addEventListener("error",release);img.addEventListener("load",painted)}});' +
  // The paint as presented; a frame's callbacks run before it is (tens of ms on a busy phone).
  // A first paint from before this script ran may show only the top of the page (the
  // parser yields, the browser paints what it has): the rest, often the largest paint,
  // comes with the next frame, so then the scripts wait for the frame after it (/team's
  // member text painted 74 ms after its first paint, its scripts started in between and
  // Lighthouse counted them: LCP 1136 ms instead of ~920 in one run of three, issue 34).
  'var P=W.PerformanceObserver,t0=performance.now();if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){new P(function(list,o){var e=list.getEntriesByName("first-contentful-paint");if(!e.length)return;o.disconnect();if(e[0].startTime<t0)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go)})});else go()}).observe({type:"paint",buffered:true});setTimeout(go,3000)}' +
  'else requestAnimationFrame(function(){setTimeout(go)})})();';

/**
 * The `<style>` of the rules of stylesheet `css` that `html` can use (empty when
 * none), as the pages inline it; also used by the server-rendered Kontakt
 * screen (src/app/signed-in-page.ts).
 */
export function criticalStyleOf(html: string, css: string, classes = classesOf(html)): string {
  // Custom properties first: an unused one may be all that names a font family.
  const critical = withoutUnusedFontFaces(
    withoutUnusedCustomProperties(criticalCss(css, classes), html),
    inlineStylesOf(html),
  ).trim();
  // A stylesheet with nothing the first paint needs (a route's fonts alone) adds no <style>.
  return critical ? `<style>${critical}</style>` : '';
}

/** The page rewritten as described above; `readAsset` gives a built file's text by its URL path. */
export function paintFromHtml(html: string, readAsset: (urlPath: string) => string): string {
  const classes = classesOf(html);
  let inlined = false;
  const page = html.replace(STYLESHEET, (_link, href: string) => {
    inlined = true;
    const style = criticalStyleOf(html, readAsset(href), classes);
    return `${style}<link rel="stylesheet" href="${href}" disabled=""/>`;
  });
  if (!inlined) return html;
  const preloads = [...page.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return page
    .replaceAll(ICON_LINK, '<link rel="icon" href="data:," data-href="$1"')
    .replaceAll(EXTERNAL_USE, '<use data-href="$1"')
    .replaceAll(MODULE_PRELOAD, '')
    .replace(MODULE_SCRIPT, `<script type="text/plain" data-after-paint="${preloads.join(' ')}">`)
    .replace('</body>', `<script>${START_SCRIPTS_AFTER_PAINT_SCRIPT}</script></body>`);
}

/**
 * Applies paintFromHtml to every prerendered page under `client`. The SPA
 * fallback is left alone: its HTML is a loading screen whose classes say
 * nothing of the screen the scripts render next.
 */
export function paintFromHtmlEverywhere(client: string) {
  const readAsset = (urlPath: string) =>
    fs.readFileSync(path.join(client, urlPath), 'utf8').replace(/<\/style/gi, '<\\/style');
  for (const entry of fs.readdirSync(client, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    if (entry.name === '__spa-fallback.html') continue;
    const file = path.join(entry.parentPath, entry.name);
    fs.writeFileSync(file, paintFromHtml(fs.readFileSync(file, 'utf8'), readAsset));
  }
}

/**
 * Prerendered pages whose signed-in visitor sees a screen the route loads
 * lazily, by the source module of that screen. Its chunks would be asked for
 * only once the route's own modules had run: on a phone on slow 4G one more
 * wave of requests before the Kontakt screen (issue 34). They are listed on
 * the inert module script (`data-signed-in`), and the start script preloads
 * them with the route's own when <html> is marked `signed-in` (root.tsx).
 */
export const SIGNED_IN_SCREENS: Readonly<Record<string, string>> = {
  'contact/index.html': 'src/features/tickets/components/tickets-screen.tsx',
};

/** The part of Vite's manifest read here: a module's chunk and the chunks it imports statically. */
export type ChunkGraph = Record<string, { file: string; imports?: string[] }>;

/** The URL paths of `module`'s chunk and of every chunk it imports statically, at any depth. */
export function staticChunksOf(graph: ChunkGraph, module: string): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = graph[key];
    if (!chunk) throw new Error(`${key} is not in Vite's manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(module);
  return [...seen].map((key) => `/${(graph[key] as { file: string }).file}`);
}

/** Lists each SIGNED_IN_SCREENS screen's chunks on its page's inert module script. */
export function preloadSignedInScreens(client: string, graph: ChunkGraph) {
  for (const [page, module] of Object.entries(SIGNED_IN_SCREENS)) {
    const file = path.join(client, page);
    const html = fs.readFileSync(file, 'utf8');
    const inert = '<script type="text/plain" data-after-paint="';
    if (!html.includes(inert)) throw new Error(`${page} has no inert module script`);
    const chunks = staticChunksOf(graph, module).join(' ');
    fs.writeFileSync(
      file,
      html.replace(
        inert,
        `<script type="text/plain" data-signed-in="${chunks}" data-after-paint="`,
      ),
    );
  }
}
