import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import {
  classesOf,
  criticalCss,
  inlineStylesOf,
  withoutHiddenElements,
  withoutUnusedCustomProperties,
  withoutUnusedFontFaces,
} from './critical-css';
import {
  ENABLE_STYLESHEETS_SCRIPT,
  paintFromHtml,
  preloadSignedInScreens,
  START_SCRIPTS_AFTER_PAINT_SCRIPT,
  staticChunksOf,
} from './first-paint';

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

describe('withoutUnusedCustomProperties', () => {
  it('drops the declarations nothing reads, and those only a dropped one read', () => {
    const css =
      ':root,:host{--color-red:oklch(60% .2 25);--color-blue:#00f;--font-sans:ui-sans-serif, "Segoe UI";' +
      '--default-font:var(--font-sans);--unused-chain:var(--color-blue);--spacing:.25rem}' +
      '.p-4{padding:calc(var(--spacing) * 4)}.text-red{color:var(--color-red)}html{font-family:var(--default-font)}';
    expect(withoutUnusedCustomProperties(css, '<p class="p-4 text-red"></p>')).toBe(
      ':root,:host{--color-red:oklch(60% .2 25);--font-sans:ui-sans-serif, "Segoe UI";' +
        '--default-font:var(--font-sans);--spacing:.25rem}' +
        '.p-4{padding:calc(var(--spacing) * 4)}.text-red{color:var(--color-red)}html{font-family:var(--default-font)}',
    );
  });

  it('keeps what the page itself reads, and registered properties wherever they are read', () => {
    const css =
      '@property --tw-rotate{syntax:"*";inherits:false}@property --tw-skew{syntax:"*";inherits:false}' +
      ':root{--brand:#123;--gone:1}.r{rotate:var(--tw-rotate)}';
    expect(withoutUnusedCustomProperties(css, '<b style="color:var(--brand)"></b>')).toBe(
      '@property --tw-rotate{syntax:"*";inherits:false}:root{--brand:#123;}.r{rotate:var(--tw-rotate)}',
    );
  });

  it('reads a value with a semicolon or a brace in a string as one', () => {
    const css = ':root{--a:1;--b:";}"}.x{top:0}.y{content:var(--b)}';
    expect(withoutUnusedCustomProperties(css, '')).toBe(
      ':root{--b:";}"}.x{top:0}.y{content:var(--b)}',
    );
    expect(withoutUnusedCustomProperties(':root{--b:2;--a:1}.x{top:0}', 'var(--b)')).toBe(
      ':root{--b:2;}.x{top:0}',
    );
  });
});

describe('withoutUnusedFontFaces', () => {
  const faces =
    '@font-face{font-family:Script One;src:url(data:font/woff2;base64,AAAA)format("woff2")}' +
    '@font-face{font-family:"Mono Two";src:url(/assets/mono.woff2)}' +
    '@font-face{font-family:Unused;src:url(/assets/unused.woff2)}';

  it('keeps the faces of families a kept rule or an inline style names, and drops the rest', () => {
    const page = '<p style="font-family:&quot;Script One&quot;, cursive">Imie</p>';
    const css = `${faces}.code{font-family:Mono Two,monospace}`;
    expect(withoutUnusedFontFaces(css, inlineStylesOf(page))).toBe(
      '@font-face{font-family:Script One;src:url(data:font/woff2;base64,AAAA)format("woff2")}' +
        '@font-face{font-family:"Mono Two";src:url(/assets/mono.woff2)}' +
        '.code{font-family:Mono Two,monospace}',
    );
  });

  it('drops every face when nothing names its family, even where the page shows the name as text', () => {
    const page = '<span>Script One</span><p style="font-family:cursive">Imie</p>';
    expect(withoutUnusedFontFaces(`${faces}.x{top:0}`, inlineStylesOf(page))).toBe('.x{top:0}');
  });
});

describe('the classes of the first paint', () => {
  it('leave out what sits in a hidden element (a script shows it, with the full stylesheet)', () => {
    const page =
      '<nav class="bar"><div hidden="" class="menu"><div class="row"><a class="item">x</a></div>' +
      '<div class="row2"></div></div><p class="after"></p></nav><ul hidden="" class="list"></ul>';
    expect(
      [...classesOf(page)].filter((name) => !['dark', 'signed-in', 'cookie-ok'].includes(name)),
    ).toEqual(['bar', 'after']);
  });

  it('keep an element whose end is not found, and hidden elements inside a cut one are cut once', () => {
    expect(withoutHiddenElements('<p>a</p><div hidden="" class="x"><p>never closed</p>')).toBe(
      '<p>a</p><div hidden="" class="x"><p>never closed</p>',
    );
    expect(withoutHiddenElements('<div hidden=""><div hidden="">x</div></div><b>y</b>')).toBe(
      '<b>y</b>',
    );
  });
});

describe('paintFromHtml', () => {
  const html =
    '<head><link rel="icon" href="/favicon.svg" type="image/svg+xml"/><link rel="modulepreload" href="/assets/a.js"/>' +
    '<link rel="stylesheet" href="/assets/root.css"/></head><body><p class="used">x</p>' +
    '<script type="module" async="">import "/assets/root.js";</script></body>';
  const out = paintFromHtml(html, () => '.used{color:red}.unused{color:blue}');

  it('leaves out a stylesheet whose rules the first paint does not need, keeping its link', () => {
    const fontsOnly = paintFromHtml(html, () => '@font-face{font-family:Late;src:url(/l.woff2)}');
    expect(fontsOnly).toContain('<link rel="stylesheet" href="/assets/root.css" disabled=""/>');
    expect(fontsOnly).not.toContain('<style>');
  });

  it('inlines what the page uses and keeps the stylesheet link disabled in its place', () => {
    expect(out).toContain(
      '<style>.used{color:red}</style><link rel="stylesheet" href="/assets/root.css" disabled=""/>',
    );
  });

  it('ends the body with the script that enables the full stylesheet and starts the scripts after the paint', () => {
    expect(out).toContain(`<script>${START_SCRIPTS_AFTER_PAINT_SCRIPT}</script></body>`);
    expect(START_SCRIPTS_AFTER_PAINT_SCRIPT).toContain(ENABLE_STYLESHEETS_SCRIPT);
  });

  it('names an empty icon until the paint, keeping the real one aside', () => {
    expect(out).toContain(
      '<link rel="icon" href="data:," data-href="/favicon.svg" type="image/svg+xml"/>',
    );
  });

  it('draws SVG from a file only from the paint on, keeping its address aside', () => {
    const page = html.replace(
      '<p class="used">x</p>',
      '<svg><use href="/assets/logos-1a.svg#react"></use></svg><svg><use href="#local"></use></svg>',
    );
    const painted = paintFromHtml(page, () => '.used{color:red}');
    expect(painted).toContain('<use data-href="/assets/logos-1a.svg#react"></use>');
    // An element of the page itself costs no request.
    expect(painted).toContain('<use href="#local"></use>');
  });

  it('keeps the module script inert, with its preloads listed on it, and fetches nothing before the paint', () => {
    expect(out).toContain(
      '<script type="text/plain" data-after-paint="/assets/a.js">import "/assets/root.js";</script>',
    );
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out).not.toContain('<script type="module"');
  });

  /**
   * Runs the start script where paint entries do not exist (jsdom): `beforeFrame` sees
   * the page before the first animation frame, then the frames and timers run.
   */
  function runStartScript(beforeFrame: () => void = () => undefined) {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.useFakeTimers();
    try {
      new Function(START_SCRIPTS_AFTER_PAINT_SCRIPT)();
      beforeFrame();
      for (const frame of frames) frame(0);
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
      raf.mockRestore();
    }
  }

  it('adds the preloads and runs the module script at the first frame, once painted', () => {
    document.head.innerHTML =
      '<link rel="stylesheet" href="/assets/root.css" disabled="">' +
      '<link rel="icon" href="data:," data-href="/favicon.svg">';
    const icon = document.head.querySelector('link[rel=icon]') as HTMLLinkElement;
    document.body.innerHTML =
      '<svg><use data-href="/logos.svg#react"></use></svg>' +
      '<script type="text/plain" data-after-paint="/a.js /b.js">x()</script>';
    const stylesheet = document.head.querySelector('link') as HTMLLinkElement;
    const use = document.body.querySelector('use') as SVGUseElement;
    runStartScript(() => {
      expect(document.querySelector('script[type=module]')).toBeNull();
      expect(use.hasAttribute('href')).toBe(false);
      // The full stylesheet waits for the paint too (jsdom has no `disabled` of its own).
      expect(stylesheet.disabled).not.toBe(false);
      expect(icon.getAttribute('href')).toBe('data:,');
    });
    const preloads = [...document.head.querySelectorAll('link[rel=modulepreload]')];
    expect(preloads.map((link) => link.getAttribute('href'))).toEqual(['/a.js', '/b.js']);
    expect(document.body.querySelector('script[type=module]')?.textContent).toBe('x()');
    expect(stylesheet.disabled).toBe(false);
    expect(icon.getAttribute('href')).toBe('/favicon.svg');
    expect(icon.hasAttribute('data-href')).toBe(false);
    expect(use.getAttribute('href')).toBe('/logos.svg#react');
    expect(use.hasAttribute('data-href')).toBe(false);
  });

  it("preloads the signed-in screen's chunks too, only for a visitor marked signed-in", () => {
    const preloadsFor = (signedIn: boolean) => {
      document.documentElement.className = signedIn ? 'dark signed-in' : 'dark';
      document.head.innerHTML = '';
      document.body.innerHTML =
        '<script type="text/plain" data-signed-in="/screen.js /shared.js" data-after-paint="/a.js">x()</script>';
      try {
        runStartScript();
      } finally {
        document.documentElement.className = '';
      }
      return [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) =>
        link.getAttribute('href'),
      );
    };
    expect(preloadsFor(false)).toEqual(['/a.js']);
    expect(preloadsFor(true)).toEqual(['/a.js', '/screen.js', '/shared.js']);
  });

  /** Runs `run` on fake timers with `Observer` standing in for the browser's PerformanceObserver. */
  function withPaintObserver(Observer: unknown, run: () => void) {
    const real = window.PerformanceObserver;
    vi.useFakeTimers();
    Object.assign(window, { PerformanceObserver: Observer });
    try {
      run();
    } finally {
      Object.assign(window, { PerformanceObserver: real });
      vi.useRealTimers();
    }
  }

  it('after a first paint from before it ran, waits for the frame after the next one', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<script type="text/plain" data-after-paint="/a.js">x()</script>';
    const observers: Array<() => void> = [];
    class FakePaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
      observe() {
        // Buffered: painted before the script ran (the top of the page only).
        const entries = [{ name: 'first-contentful-paint', startTime: -50 }];
        observers.push(() =>
          this.callback(
            { getEntriesByName: (name: string) => entries.filter((e) => e.name === name) },
            this,
          ),
        );
      }
      disconnect() {}
    }
    const frames: FrameRequestCallback[] = [];
    const nextFrame = () => {
      for (const frame of frames.splice(0)) frame(0);
    };
    const started = () => document.querySelectorAll('script[type=module]').length;
    withPaintObserver(FakePaintObserver, () => {
      // Set here: the fake timers bring their own animation frames.
      const raf = window.requestAnimationFrame;
      window.requestAnimationFrame = (callback) => frames.push(callback);
      try {
        new Function(START_SCRIPTS_AFTER_PAINT_SCRIPT)();
        for (const painted of observers) painted();
        vi.advanceTimersByTime(10);
        expect(started()).toBe(0);
        nextFrame();
        vi.advanceTimersByTime(10);
        expect(started()).toBe(0);
        nextFrame();
        vi.advanceTimersByTime(10);
        expect(started()).toBe(1);
      } finally {
        window.requestAnimationFrame = raf;
      }
    });
  });

  it('waits for the first contentful paint the browser reports, not a frame, where paint entries exist', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<script type="text/plain" data-after-paint="/a.js">x()</script>';
    const observers: Array<(name: string) => void> = [];
    class FakePaintObserver {
      static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
      constructor(private readonly callback: (list: unknown, observer: unknown) => void) {}
      observe() {
        observers.push((name) =>
          this.callback(
            { getEntriesByName: (wanted: string) => (wanted === name ? [{ name }] : []) },
            this,
          ),
        );
      }
      disconnect() {}
    }
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    try {
      withPaintObserver(FakePaintObserver, () => {
        new Function(START_SCRIPTS_AFTER_PAINT_SCRIPT)();
        vi.advanceTimersByTime(2999);
        // Frames and tasks went by: nothing is fetched yet.
        expect(document.querySelector('script[type=module]')).toBeNull();
        // A first paint without content (the background) is not the one.
        for (const painted of observers) painted('first-paint');
        expect(document.querySelector('script[type=module]')).toBeNull();
        for (const painted of observers) painted('first-contentful-paint');
      });
    } finally {
      raf.mockRestore();
    }
    expect(document.querySelectorAll('script[type=module]')).toHaveLength(1);
  });

  it('starts 3 s on when no paint is reported', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<script type="text/plain" data-after-paint="">x()</script>';
    class SilentPaintObserver {
      static supportedEntryTypes = ['paint'];
      observe() {}
      disconnect() {}
    }
    withPaintObserver(SilentPaintObserver, () => {
      new Function(START_SCRIPTS_AFTER_PAINT_SCRIPT)();
      vi.advanceTimersByTime(2999);
      expect(document.querySelector('script[type=module]')).toBeNull();
      vi.advanceTimersByTime(1);
    });
    expect(document.querySelectorAll('script[type=module]')).toHaveLength(1);
  });

  /** Runs the start script with frames and timers at once: it starts the module only after `release`. */
  function expectHeldUntil(release: () => void) {
    const holder = window as { __scriptsHeld?: number; __scriptsStart?: () => void };
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    vi.useFakeTimers();
    try {
      new Function(START_SCRIPTS_AFTER_PAINT_SCRIPT)();
      vi.runAllTimers();
      expect(document.querySelector('script[type=module]')).toBeNull();
      release();
      vi.runAllTimers();
    } finally {
      vi.useRealTimers();
      raf.mockRestore();
      delete holder.__scriptsHeld;
      delete holder.__scriptsStart;
    }
    expect(document.querySelectorAll('script[type=module]')).toHaveLength(1);
  }

  it('waits while an inline script of the page holds the scripts, and starts at its release', () => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<script type="text/plain" data-after-paint="">y()</script>';
    const holder = window as { __scriptsHeld?: number; __scriptsStart?: () => void };
    holder.__scriptsHeld = 1;
    expectHeldUntil(() => {
      holder.__scriptsHeld = 0;
      holder.__scriptsStart?.();
    });
  });

  it('waits until a high-priority image that has loaded is decoded, then a frame', async () => {
    document.head.innerHTML = '';
    document.body.innerHTML =
      '<img src="/first.webp" fetchpriority="high"><script type="text/plain" data-after-paint="">d()</script>';
    const image = document.querySelector('img');
    if (!image) throw new Error('no image');
    Object.defineProperty(image, 'complete', { value: true });
    let decoded: () => void = () => undefined;
    image.decode = () => new Promise<void>((resolve) => (decoded = resolve));
    const holder = window as { __scriptsHeld?: number; __scriptsStart?: () => void };
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      callback(0);
      return 1;
    });
    try {
      new Function(START_SCRIPTS_AFTER_PAINT_SCRIPT)();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(document.querySelector('script[type=module]')).toBeNull();
      decoded();
      await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      raf.mockRestore();
      delete holder.__scriptsHeld;
      delete holder.__scriptsStart;
    }
    expect(document.querySelectorAll('script[type=module]')).toHaveLength(1);
  });

  it('waits until a high-priority image has loaded and a frame has passed', () => {
    document.head.innerHTML = '';
    document.body.innerHTML =
      '<img src="/first.webp" fetchpriority="high"><script type="text/plain" data-after-paint="">z()</script>';
    const image = document.querySelector('img');
    if (!image) throw new Error('no image');
    Object.defineProperty(image, 'complete', { value: false });
    expectHeldUntil(() => image.dispatchEvent(new Event('load')));
  });

  it('leaves a page without a stylesheet as it is', () => {
    expect(paintFromHtml('<body><p>x</p></body>', () => '')).toBe('<body><p>x</p></body>');
  });
});

describe("the signed-in screens' chunks", () => {
  const graph = {
    'src/screen.tsx': { file: 'assets/screen-1.js', imports: ['_shared.js', '_util.js'] },
    '_shared.js': { file: 'assets/shared-2.js', imports: ['_util.js'] },
    '_util.js': { file: 'assets/util-3.js' },
    'src/lazy.tsx': { file: 'assets/lazy-4.js' },
  };

  it('are the screen chunk and what it imports statically, at any depth, once each', () => {
    expect(staticChunksOf(graph, 'src/screen.tsx')).toEqual([
      '/assets/screen-1.js',
      '/assets/shared-2.js',
      '/assets/util-3.js',
    ]);
    expect(() => staticChunksOf(graph, 'src/missing.tsx')).toThrow(/not in Vite's manifest/);
  });

  it("are listed on the page's inert module script", () => {
    const client = fs.mkdtempSync(path.join(os.tmpdir(), 'signed-in-screens-'));
    try {
      fs.mkdirSync(path.join(client, 'contact'));
      const page = path.join(client, 'contact', 'index.html');
      fs.writeFileSync(page, '<script type="text/plain" data-after-paint="/a.js">x()</script>');
      const tickets = 'src/features/tickets/components/tickets-screen.tsx';
      preloadSignedInScreens(client, { ...graph, [tickets]: { file: 'assets/t.js' } });
      expect(fs.readFileSync(page, 'utf8')).toBe(
        '<script type="text/plain" data-signed-in="/assets/t.js" data-after-paint="/a.js">x()</script>',
      );
    } finally {
      fs.rmSync(client, { recursive: true, force: true });
    }
  });
});
