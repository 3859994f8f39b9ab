import { describe, expect, it } from 'vitest';
import { EARLY_ME_SCRIPT } from './early-me';
import { scriptJson, signedInPage, withoutRepeatedChunks } from './signed-in-page';

const SCROLL = '<script>restoreScroll()</script><script>window.__reactRouterContext = {}</script>';
const prerendered =
  `<!DOCTYPE html><html><head><script>if(hint){${EARLY_ME_SCRIPT}}</script><style>.login{color:red}</style><link rel="stylesheet" href="/assets/app-1.css" disabled=""/></head>` +
  `<body><div class="login">Zaloguj się</div>${SCROLL}<script type="text/plain" data-after-paint="">start()</script></body></html>`;
const rendered =
  '<!DOCTYPE html><html><head><link rel="stylesheet" href="/assets/app-1.css"/></head>' +
  `<body><div class="thread">Wątek &lt;/script&gt;</div><script>scrollThread()</script>${SCROLL}<script type="module">start()</script></body></html>`;
const css = '.login{color:red}.thread{color:blue}';
const HOSTILE = '</script><script>alert(1)</script><img src=x onerror=alert(2)><!--';
const state = {
  queries: [{ key: ['x'], data: { body: HOSTILE }, updatedAt: 1 }],
  openTicketId: 7,
  clock: { now: 1, timeZone: 'UTC' },
};

describe('the server-rendered Kontakt page', () => {
  it("is the prerendered page with the render's content, its rules inlined and its state", () => {
    const page = signedInPage({ prerendered, rendered, state, readAsset: () => css });
    expect(page).toContain(
      '<div class="thread">Wątek &lt;/script&gt;</div><script>scrollThread()</script>',
    );
    expect(page).not.toContain('Zaloguj się');
    // The prerendered page's scripts, not the render's: they start after the paint as on every page.
    expect(page).toContain('<script type="text/plain" data-after-paint="">start()</script>');
    expect(page).not.toContain('<script type="module">');
    expect(page).toContain('.thread{color:blue}');
    // The state carries `me`: the head does not ask for it before the first paint.
    expect(page).toContain('<script>if(hint){}</script>');
    expect(page).not.toContain('__earlyMe');
    expect(page).not.toContain('.login{color:red}');
    expect(page).toContain('<link rel="stylesheet" href="/assets/app-1.css" disabled=""/>');
    const json = /<script type="application\/json" id="server-state">(.*?)<\/script>/s.exec(page);
    expect(JSON.parse(json?.[1] ?? 'null')).toEqual(state);
    // Nothing is painted before the whole screen is parsed: the state script is the body's end.
    expect(page).toContain(
      '<link rel="expect" href="#server-state" blocking="render"/></head><body>',
    );
    expect(page.indexOf('id="server-state"')).toBeGreaterThan(page.indexOf('start()</script>'));
  });

  it("lists only the screen's own chunks beside the route's, each once", () => {
    expect(
      withoutRepeatedChunks(
        '<script type="text/plain" data-signed-in="/s.js /a.js /t.js /s.js" data-after-paint="/a.js /b.js">x()</script>',
      ),
    ).toBe(
      '<script type="text/plain" data-signed-in="/s.js /t.js" data-after-paint="/a.js /b.js">x()</script>',
    );
  });

  it('keeps user text in the state from ending or changing its script element', () => {
    const text = scriptJson({ body: HOSTILE, line: '\u2028' });
    expect(text).not.toMatch(/[<\u2028]/);
    expect(JSON.parse(text)).toEqual({ body: HOSTILE, line: '\u2028' });
    const page = signedInPage({ prerendered, rendered, state, readAsset: () => css });
    expect(page.match(/<script/g)).toHaveLength(6);
    expect(page).not.toContain('<img');
  });

  it('refuses a render that does not end its content like the prerendered page', () => {
    const other = rendered.replace('restoreScroll()', 'somethingElse()');
    expect(() =>
      signedInPage({ prerendered, rendered: other, state, readAsset: () => css }),
    ).toThrow();
    expect(() =>
      signedInPage({ prerendered, rendered: '<html>nic</html>', state, readAsset: () => css }),
    ).toThrow();
  });
});
