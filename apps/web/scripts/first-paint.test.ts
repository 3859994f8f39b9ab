import { describe, expect, it } from 'vitest';
import { classesOf, criticalCss } from './critical-css';
import { ENABLE_STYLESHEETS_SCRIPT, paintFromHtml } from './first-paint';

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
    '<head><link rel="modulepreload" href="/assets/a.js"/>' +
    '<link rel="stylesheet" href="/assets/root.css"/></head><body><p class="used">x</p>' +
    '<script type="module" async="">import "/assets/root.js";</script></body>';
  const out = paintFromHtml(html, () => '.used{color:red}.unused{color:blue}');

  it('inlines what the page uses and keeps the stylesheet link disabled in its place', () => {
    expect(out).toContain(
      '<style>.used{color:red}</style><link rel="stylesheet" href="/assets/root.css" disabled=""/>',
    );
  });

  it('enables the full stylesheet from the end of the body and leaves the module script as it is', () => {
    expect(out).toContain(`<script>${ENABLE_STYLESHEETS_SCRIPT}</script></body>`);
    expect(out).toContain('<script type="module" async="">import "/assets/root.js";</script>');
    const stylesheet = { disabled: true };
    new Function('document', ENABLE_STYLESHEETS_SCRIPT)({ querySelectorAll: () => [stylesheet] });
    expect(stylesheet.disabled).toBe(false);
  });

  it('fetches the module preloads at low priority: the page paints without them', () => {
    expect(out).toContain('<link rel="modulepreload" fetchpriority="low" href="/assets/a.js"/>');
    expect(out).not.toContain('<link rel="modulepreload" href=');
  });

  it('leaves a page without a stylesheet as it is', () => {
    expect(paintFromHtml('<body><p>x</p></body>', () => '')).toBe('<body><p>x</p></body>');
  });
});
