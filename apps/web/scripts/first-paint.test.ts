import { describe, expect, it } from 'vitest';
import { classesOf, criticalCss } from './critical-css';
import { deferModuleScript, paintFromHtml } from './first-paint';

describe('criticalCss', () => {
  const css =
    '@layer theme,base;@font-face{font-family:X;src:url(/assets/x.woff2)}:root{--a:1}' +
    '.used{color:red}.unused{color:blue}.a,.missing{top:0}' +
    '@media (min-width:40rem){.sm\\:used{left:0}.sm\\:unused{left:1px}}' +
    '.dark\\:used:where(.dark,.dark *){color:#fff}' +
    ':where(html:not(.dark)) .used:before{content:"}"}' +
    '.signed-in\\:hidden:where(.signed-in *){display:none}' +
    '@keyframes spin{to{transform:rotate(1turn)}}';
  const page = '<html class="dark"><p class="used sm:used dark:used signed-in:hidden a"></p>';

  it('keeps the rules the page can use and those that name no class', () => {
    const out = criticalCss(css, classesOf(page));
    expect(out).toBe(
      '@layer theme,base;@font-face{font-family:X;src:url(/assets/x.woff2)}:root{--a:1}' +
        '.used{color:red}.a,.missing{top:0}' +
        '@media (min-width:40rem){.sm\\:used{left:0}}' +
        '.dark\\:used:where(.dark,.dark *){color:#fff}' +
        ':where(html:not(.dark)) .used:before{content:"}"}' +
        '.signed-in\\:hidden:where(.signed-in *){display:none}' +
        '@keyframes spin{to{transform:rotate(1turn)}}',
    );
  });

  it('drops a media block left empty', () => {
    expect(criticalCss('@media print{.x{color:red}}.y{top:0}', new Set(['y']))).toBe('.y{top:0}');
  });
});

describe('paintFromHtml', () => {
  const html =
    '<head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
    '<link rel="stylesheet" href="/assets/root.css"/></head><body><p class="used">x</p>' +
    '<script type="module" async="">import "/assets/manifest.js";\nimport * as route0 from "/assets/root.js";\n' +
    'import * as route1 from "/assets/page.js";\n  \n  window.__reactRouterRouteModules = {"root":route0,"page":route1};\n\n' +
    'import("/assets/entry.js");</script></body>';
  const out = paintFromHtml(html, () => '.used{color:red}.unused{color:blue}');

  it('inlines what the page uses and keeps the stylesheet link disabled in its place', () => {
    expect(out).toContain(
      '<style>.used{color:red}</style><link rel="stylesheet" href="/assets/root.css" disabled=""/>',
    );
  });

  it('takes the modulepreloads out of the HTML and starts the same imports after the first paint', async () => {
    expect(out).not.toContain('<link rel="modulepreload"');
    const body = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(out)?.[1] ?? '';
    const imported: string[] = [];
    const appended: string[] = [];
    const stylesheet = { disabled: true };
    let frame: () => void = () => {};
    const timers: Array<() => void> = [];
    const scope = {
      document: {
        createElement: () => ({}),
        head: { appendChild: (link: { href: string }) => appended.push(link.href) },
        querySelectorAll: () => [stylesheet],
      },
      window: {} as { __reactRouterRouteModules?: unknown },
      requestAnimationFrame: (callback: () => void) => {
        frame = callback;
      },
      setTimeout: (callback: () => void) => timers.push(callback),
      load: (url: string) => {
        imported.push(url);
        return Promise.resolve({ url });
      },
    };
    const run = new Function(...Object.keys(scope), body.replaceAll('import(', 'load('));
    run(...Object.values(scope));
    expect(imported).toEqual([]);
    frame();
    timers[1]?.();
    timers[0]?.(); // the fallback timer does not start a second time
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(appended).toEqual(['/assets/a.js', '/assets/b.js']);
    expect(stylesheet.disabled).toBe(false);
    expect(imported).toEqual([
      '/assets/manifest.js',
      '/assets/root.js',
      '/assets/page.js',
      '/assets/entry.js',
    ]);
    expect(scope.window.__reactRouterRouteModules).toEqual({
      root: { url: '/assets/root.js' },
      page: { url: '/assets/page.js' },
    });
  });

  it('refuses a module script it does not know', () => {
    expect(() => deferModuleScript('console.log(1)', [])).toThrow(/unexpected module script/);
  });
});
