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
    const unique = [...new Set(sequences?.flat())].map(stripImageSrc);
    expect(
      preloads()
        .map((p) => p.href)
        .sort(),
    ).toEqual(unique.sort());
    // The first image of the first strip is on screen at once: high priority.
    const first = stripImageSrc(sequences?.[0]?.[0] ?? 0);
    expect(preloads().find((p) => p.href === first)?.high).toBe(true);
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

  it('writes the strips into their container, as stripsMarkup would, and shows them', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce') }));
    document.body.innerHTML = '<div data-strips=""></div>';
    new Function(STRIP_BOOT_SCRIPT)();
    const container = document.querySelector<HTMLElement>('[data-strips]');
    const sequences = takeBootedStrips(window.innerWidth);
    expect(sequences).not.toBeNull();
    expect(container?.innerHTML).toBe(stripsMarkup(sequences ?? [], window.innerWidth));
    expect(container?.querySelectorAll('[data-strip]')).toHaveLength(3);
    // Hidden until the images on screen have loaded, then shown (at once with reduced motion).
    expect(container?.style.opacity).toBe('');
    for (const image of container?.querySelectorAll('img') ?? []) {
      image.dispatchEvent(new Event('load'));
    }
    expect(container?.style.opacity).toBe('1');
  });

  it('leaves a container that already has content alone', () => {
    document.body.innerHTML = '<div data-strips=""><p>x</p></div>';
    new Function(STRIP_BOOT_SCRIPT)();
    expect(document.querySelector('[data-strips]')?.innerHTML).toBe('<p>x</p>');
    expect(takeBootedStrips(window.innerWidth)).not.toBeNull();
  });
});
