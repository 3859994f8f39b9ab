import { afterEach, describe, expect, it, vi } from 'vitest';
import { STRIP_BOOT_SCRIPT, takeBootedStrips } from './strip-boot';
import { chooseSequences, STRIP_POOL_SIZE, stripImageSrc, stripsMarkup } from './strip-images';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')].map(
    (link) => ({
      href: link.getAttribute('href'),
      high: link.getAttribute('fetchpriority') === 'high',
    }),
  );

/** Stubs PerformanceObserver; each function it returns plays the browser's largest-paint entries to one observer. */
function fakeLargestPaintObserver() {
  const observers: Array<(entries: Array<{ element: Element | null; size: number }>) => void> = [];
  class FakeLargestPaintObserver {
    static supportedEntryTypes = ['largest-contentful-paint'];
    constructor(
      private readonly callback: (list: { getEntries: () => unknown[] }, o: unknown) => void,
    ) {}
    observe() {
      observers.push((entries) => this.callback({ getEntries: () => entries }, this));
    }
    disconnect() {}
  }
  vi.stubGlobal('PerformanceObserver', FakeLargestPaintObserver);
  return observers;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  delete (window as { __studioStrips?: unknown }).__studioStrips;
});

describe('strip boot script', () => {
  it('chooses sequences by the rules of chooseSequences and preloads each image once', () => {
    new Function(STRIP_BOOT_SCRIPT)();
    const sequences = takeBootedStrips(window.innerWidth);
    expect(sequences).not.toBeNull();
    const expected = chooseSequences(window.innerWidth);
    expect(sequences?.map((s) => s.length)).toEqual(expected.map((s) => s.length));
    for (const sequence of sequences ?? []) {
      for (let i = 1; i < sequence.length; i++) expect(sequence[i]).not.toBe(sequence[i - 1]);
      const firstRound = sequence.slice(0, STRIP_POOL_SIZE);
      expect(new Set(firstRound).size).toBe(firstRound.length);
    }
    // Only the first screen's images are preloaded, with high priority: the first one of the first strip among them.
    const unique = new Set(sequences?.flat().map(stripImageSrc));
    const hrefs = preloads().map((p) => p.href ?? '');
    expect(new Set(hrefs).size).toBe(hrefs.length);
    expect(hrefs.every((href) => unique.has(href))).toBe(true);
    expect(hrefs.length).toBeLessThan(unique.size);
    expect(preloads().every((p) => p.high)).toBe(true);
    expect(hrefs).toContain(stripImageSrc(sequences?.[0]?.[0] ?? 0));
  });

  it('hands its choice over once, and not for another viewport width or bad data', () => {
    new Function(STRIP_BOOT_SCRIPT)();
    expect(takeBootedStrips(window.innerWidth + 1)).toBeNull();
    expect(takeBootedStrips(window.innerWidth)).toBeNull();
    new Function(STRIP_BOOT_SCRIPT)();
    expect(takeBootedStrips(window.innerWidth)).not.toBeNull();
    expect(takeBootedStrips(window.innerWidth)).toBeNull();
    (window as { __studioStrips?: unknown }).__studioStrips = {
      width: window.innerWidth,
      sequences: [[1], [99], [2]],
    };
    expect(takeBootedStrips(window.innerWidth)).toBeNull();
  });

  it('writes the strips into their container, as stripsMarkup would, and shows them', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    // A phone: one image of each strip is at least half on screen (and a sliver of the next).
    vi.stubGlobal('innerWidth', 412);
    document.body.innerHTML = '<div data-strips=""></div>';
    new Function(STRIP_BOOT_SCRIPT)();
    const container = document.querySelector<HTMLElement>('[data-strips]');
    const sequences = takeBootedStrips(window.innerWidth);
    expect(sequences).not.toBeNull();
    expect(container?.querySelectorAll('[data-strip]')).toHaveLength(3);
    const images = [...(container?.querySelectorAll('img') ?? [])];
    // The first screen's images are fetched at once (and preloaded); the others wait in data-src.
    const onScreen = images.filter((image) => image.hasAttribute('src'));
    // One place in each of the three strips, written twice (each track repeats its sequence).
    expect(onScreen).toHaveLength(6);
    expect(new Set(onScreen.map((image) => image.getAttribute('src')))).toEqual(
      new Set(preloads().map((p) => p.href)),
    );
    // Hidden until the first screen's images have loaded, then shown (at once with reduced motion).
    expect(container?.style.opacity).toBe('');
    for (const image of onScreen) image.dispatchEvent(new Event('load'));
    expect(container?.style.opacity).toBe('1');
    // From the first frame shown on, every image has its file: the markup of stripsMarkup.
    await vi.waitFor(() => expect(container?.querySelector('img[data-src]')).toBeNull());
    const expected = document.createElement('div');
    expected.innerHTML = stripsMarkup(sequences ?? [], window.innerWidth);
    const normalized = (root: Element) =>
      [...root.querySelectorAll('img')].map((image) => image.getAttribute('src'));
    expect(normalized(container as HTMLElement)).toEqual(normalized(expected));
    for (const image of images) image.removeAttribute('src');
    for (const image of expected.querySelectorAll('img')) image.removeAttribute('src');
    expect(container?.innerHTML).toBe(expected.innerHTML);
  });

  it('fades in once the first screen is decoded, and releases the scripts at the largest paint of a strip image', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    vi.stubGlobal('innerWidth', 412);
    const observers = fakeLargestPaintObserver();
    // jsdom has no decode(); the browser's resolves once the image can be painted.
    const decodes: Array<() => void> = [];
    Object.defineProperty(HTMLImageElement.prototype, 'decode', {
      configurable: true,
      value: () => new Promise<void>((resolve) => decodes.push(resolve)),
    });
    const start = vi.fn();
    Object.assign(window, { __scriptsHeld: 0, __scriptsStart: start });
    document.body.innerHTML = '<h1>Nagłówek</h1><div data-strips=""></div>';
    new Function(STRIP_BOOT_SCRIPT)();
    const container = document.querySelector<HTMLElement>('[data-strips]') as HTMLElement;
    const firstScreen = [...container.querySelectorAll('img[src]')];
    for (const image of firstScreen) image.dispatchEvent(new Event('load'));
    // Loaded but not yet decoded: still hidden.
    expect(container.style.opacity).toBe('');
    for (const resolve of decodes) resolve();
    await vi.waitFor(() => expect(container.style.opacity).toBe('1'));
    // A smaller paint elsewhere (the heading on a phone) does not release the scripts.
    for (const painted of observers) {
      painted([{ element: document.querySelector('h1'), size: 100 }]);
    }
    expect(start).not.toHaveBeenCalled();
    expect(container.querySelector('img[data-src]')).not.toBeNull();
    // The strip image as the largest paint does, and the other images get their files.
    for (const painted of observers) painted([{ element: firstScreen[0] ?? null, size: 40_000 }]);
    expect(start).toHaveBeenCalledTimes(1);
    expect(container.querySelector('img[data-src]')).toBeNull();
    delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
    delete (window as { __scriptsStart?: unknown }).__scriptsStart;
  });

  it('releases the scripts when something larger than a strip image is the largest paint, or a second on', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    const observers = fakeLargestPaintObserver();
    vi.useFakeTimers();
    try {
      for (const release of ['larger paint', 'timer'] as const) {
        const start = vi.fn();
        Object.assign(window, { __scriptsHeld: 0, __scriptsStart: start });
        document.head.innerHTML = '';
        document.body.innerHTML = '<h1>Nagłówek</h1><div data-strips=""></div>';
        observers.length = 0;
        new Function(STRIP_BOOT_SCRIPT)();
        // Every first-screen image failed: the strips show anyway (failures are ignored).
        for (const image of document.querySelectorAll('[data-strips] img[src]')) {
          image.dispatchEvent(new Event('error'));
        }
        expect(start).not.toHaveBeenCalled();
        if (release === 'larger paint') {
          for (const painted of observers) {
            painted([{ element: document.querySelector('h1'), size: 336 * 224 + 1 }]);
          }
        } else {
          vi.advanceTimersByTime(999);
          expect(start).not.toHaveBeenCalled();
          vi.advanceTimersByTime(1);
        }
        expect(start).toHaveBeenCalledTimes(1);
      }
    } finally {
      vi.useRealTimers();
      delete (window as { __scriptsStart?: unknown }).__scriptsStart;
    }
  });

  it('leaves a container that already has content alone', () => {
    document.body.innerHTML = '<div data-strips=""><p>x</p></div>';
    new Function(STRIP_BOOT_SCRIPT)();
    expect(document.querySelector('[data-strips]')?.innerHTML).toBe('<p>x</p>');
    expect(takeBootedStrips(window.innerWidth)).not.toBeNull();
  });
});
