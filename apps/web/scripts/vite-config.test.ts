// @vitest-environment node
import { describe, expect, it } from 'vitest';
import config from '../vite.config';

describe('vite config', () => {
  it('never inlines a font as data, and leaves other small assets to the default', () => {
    const inline = config.build?.assetsInlineLimit;
    if (typeof inline !== 'function') throw new Error('assetsInlineLimit is not the font rule');
    for (const font of ['a-latin-ext-400.woff2', 'a-latin-ext-400.woff', 'x.ttf', 'x.otf']) {
      expect(inline(font, Buffer.alloc(10))).toBe(false);
    }
    expect(inline('emblem.svg', Buffer.alloc(10))).toBeUndefined();
  });
});
