import { describe, expect, it } from 'vitest';
import { chooseTier, type DeviceFacts, tierSettings } from './backdrop-tiers';
import { centerAlpha, edgeAlpha, parseHex, staticGradient } from './static-gradient';

const desktop: DeviceFacts = {
  prefersReducedMotion: false,
  isTouch: false,
  isNarrow: false,
  isMobileDevice: false,
  memoryGb: 16,
  cores: 12,
  devicePixelRatio: 2,
};

describe('backdrop tiers (SPEC §9)', () => {
  it('is static whenever reduced motion is preferred', () => {
    expect(chooseTier({ ...desktop, prefersReducedMotion: true })).toBe('static');
  });

  it('is lite for touch, narrow or mobile devices and for 4 GB or 4 cores', () => {
    expect(chooseTier({ ...desktop, isTouch: true })).toBe('lite');
    expect(chooseTier({ ...desktop, isNarrow: true })).toBe('lite');
    expect(chooseTier({ ...desktop, isMobileDevice: true })).toBe('lite');
    expect(chooseTier({ ...desktop, memoryGb: 4 })).toBe('lite');
    expect(chooseTier({ ...desktop, cores: 4 })).toBe('lite');
  });

  it('is balanced for 6 GB or 6 cores, full otherwise', () => {
    expect(chooseTier({ ...desktop, memoryGb: 6 })).toBe('balanced');
    expect(chooseTier({ ...desktop, cores: 6 })).toBe('balanced');
    expect(chooseTier(desktop)).toBe('full');
  });

  it('treats unknown memory and cores as 8', () => {
    expect(chooseTier({ ...desktop, memoryGb: undefined, cores: undefined })).toBe('full');
  });

  it('uses the pixel ratio, frame rate and factors of each tier', () => {
    expect(tierSettings('lite', 3)).toMatchObject({
      pixelRatio: 1.1,
      fps: 30,
      resolutionFactor: 0.6,
      speed: 0.24,
      scaleFactor: 0.84,
      mouseInteractive: false,
    });
    expect(tierSettings('lite', 1).pixelRatio).toBeCloseTo(0.55);
    expect(tierSettings('balanced', 1)).toMatchObject({
      pixelRatio: 0.75,
      fps: 45,
      fpsCap: 48,
      resolutionFactor: 0.85,
      speed: 0.32,
      scaleFactor: 0.92,
    });
    expect(tierSettings('balanced', 3).pixelRatio).toBe(1.4);
    expect(tierSettings('full', 3)).toMatchObject({
      pixelRatio: 2,
      fps: 60,
      speed: 0.4,
      antialias: true,
    });
    expect(tierSettings('full', 1.5).pixelRatio).toBe(1.5);
  });
});

describe('static backdrop gradient', () => {
  it('uses the alpha formulas of SPEC §9', () => {
    expect(centerAlpha(0.8)).toBeCloseTo(0.76);
    expect(edgeAlpha(0.8)).toBeCloseTo(0.82);
    const css = staticGradient('#102030', 0.8, [0, 0, 0]);
    expect(css).toContain('rgba(16, 32, 48, 0.760)');
    expect(css).toContain('rgba(0, 0, 0, 0.820)');
  });

  it('falls back to the default colour for an invalid hex', () => {
    expect(parseHex('nope')).toBeNull();
    expect(parseHex('#abc')).toEqual([170, 187, 204]);
    expect(staticGradient('nope', 0.8, [0, 0, 0])).toContain('rgba(59, 130, 246, 0.760)');
  });
});
