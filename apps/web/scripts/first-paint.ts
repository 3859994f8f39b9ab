import fs from 'node:fs';
import path from 'node:path';
import { classesOf, criticalCss } from './critical-css';

/*
 * Makes a prerendered page paint from its HTML alone (issue 20). On a slow
 * phone network every request the first paint waits for, or that competes with
 * it for bandwidth, pushes it back:
 * - the rules of its stylesheets that the page's own classes need are inlined
 *   (critical-css.ts); each <link> stays where React hydrates it, `disabled`
 *   so the browser neither fetches nor waits for it until the first paint is
 *   done, then the scripts enable it (same rules, later in the document: the
 *   result is the full stylesheet's);
 * - the `modulepreload`s leave <head>, and the scripts start right after the
 *   first frame: the module script that imports the route modules is rewritten
 *   to add the same preloads and import the same modules in the same order
 *   once the page has painted.
 * Nothing the page shows changes: the same CSS applies, the same scripts run.
 */

const STYLESHEET = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^import (?:\* as (\w+) from )?("[^"]+");$/;

/**
 * React Router's module script: static imports of the manifest and route
 * modules, the route-module table, then a dynamic import of the client entry.
 * The same steps, started after the first paint.
 */
export function deferModuleScript(body: string, preloads: readonly string[]): string {
  const imports: Array<{ name: string | undefined; from: string }> = [];
  const rest: string[] = [];
  for (const line of body.split('\n')) {
    const match = STATIC_IMPORT.exec(line.trim());
    if (match) imports.push({ name: match[1], from: match[2] ?? '' });
    else if (line.trim()) rest.push(line.trim());
  }
  if (!imports.length || !rest.length) {
    throw new Error(`unexpected module script in a prerendered page: ${body.slice(0, 200)}`);
  }
  const names = imports.map((i, index) => i.name ?? `_${index}`).join(',');
  const loads = imports.map((i) => `import(${i.from})`).join(',');
  return [
    'var started=false;function start(){if(started)return;started=true;',
    'document.querySelectorAll("link[rel=stylesheet][disabled]").forEach(function(l){l.disabled=false});',
    `${JSON.stringify(preloads)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});`,
    `Promise.all([${loads}]).then(function([${names}]){${rest.join('')}});}`,
    // After the frame that paints the page; the timer covers a tab opened in
    // the background, where frames wait until it is shown.
    'requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,1000);',
  ].join('');
}

/** The page rewritten as described above; `readAsset` gives a built file's text by its URL path. */
export function paintFromHtml(html: string, readAsset: (urlPath: string) => string): string {
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? '');
  const classes = classesOf(html);
  let page = html.replace(MODULE_PRELOAD, '');
  page = page.replace(
    STYLESHEET,
    (_link, href: string) =>
      `<style>${criticalCss(readAsset(href), classes)}</style><link rel="stylesheet" href="${href}" disabled=""/>`,
  );
  if (preloads.length) {
    page = page.replace(
      MODULE_SCRIPT,
      (_script, body: string) =>
        `<script type="module" async="">${deferModuleScript(body, preloads)}</script>`,
    );
  }
  return page;
}

/** Applies paintFromHtml to every built HTML page under `client`. */
export function paintFromHtmlEverywhere(client: string) {
  const readAsset = (urlPath: string) =>
    fs.readFileSync(path.join(client, urlPath), 'utf8').replace(/<\/style/gi, '<\\/style');
  for (const entry of fs.readdirSync(client, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    fs.writeFileSync(file, paintFromHtml(fs.readFileSync(file, 'utf8'), readAsset));
  }
}
