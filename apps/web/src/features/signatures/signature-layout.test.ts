import { describe, expect, it } from 'vitest';
import {
  FONT_SIZES,
  fitFontSize,
  type InkMetrics,
  inkSize,
  type MeasureInk,
  placeRotatedText,
  rotatedBounds,
  SIGNATURE_HEIGHT,
  SIGNATURE_LAYOUT,
  SIGNATURE_ROTATION_DEG,
  SIGNATURE_WIDTH,
  signatureFileName,
  transliterate,
} from './signature-layout';

/** A fake font whose ink grows linearly with size: `perChar` px wide per character at 1 px. */
function linearFont(text: string, perChar = 0.5, overhang = 0.1): MeasureInk {
  return (size: number): InkMetrics => ({
    left: overhang * size,
    right: text.length * perChar * size,
    ascent: 0.8 * size,
    descent: 0.3 * size,
  });
}

describe('rotatedBounds', () => {
  it('keeps the size when there is no rotation', () => {
    expect(rotatedBounds(300, 100, 0)).toEqual({ width: 300, height: 100 });
  });

  it('swaps width and height at 90 degrees', () => {
    const bounds = rotatedBounds(300, 100, 90);
    expect(bounds.width).toBeCloseTo(100);
    expect(bounds.height).toBeCloseTo(300);
  });

  it('grows a wide text box mostly in height at the signature angle', () => {
    const bounds = rotatedBounds(480, 100, SIGNATURE_ROTATION_DEG);
    const angle = (SIGNATURE_ROTATION_DEG * Math.PI) / 180;
    expect(bounds.width).toBeCloseTo(480 * Math.cos(angle) + 100 * Math.sin(angle));
    expect(bounds.height).toBeCloseTo(480 * Math.sin(angle) + 100 * Math.cos(angle));
    // 480 px of text tilted by 1.5° rises by about 12.6 px.
    expect(bounds.height - 100 * Math.cos(angle)).toBeCloseTo(12.56, 1);
  });

  it('is the same for clockwise and counter-clockwise rotation', () => {
    expect(rotatedBounds(200, 50, -1.5)).toEqual(rotatedBounds(200, 50, 1.5));
  });
});

describe('fitFontSize', () => {
  it('keeps the base size when the text fits', () => {
    const size = fitFontSize({
      measure: linearFont('Jan Kowalski'),
      baseSize: 90,
      maxWidth: 1000,
      maxHeight: 200,
      rotationDeg: SIGNATURE_ROTATION_DEG,
    });
    expect(size).toBe(90);
  });

  it('shrinks a long name until its rotated ink fits the width', () => {
    const measure = linearFont('Konstanty Ildefons Gałczyński-Wierzbięta');
    const size = fitFontSize({
      measure,
      baseSize: 90,
      maxWidth: 480,
      maxHeight: 150,
      rotationDeg: SIGNATURE_ROTATION_DEG,
    });
    expect(size).toBeLessThan(90);
    const ink = inkSize(measure(size));
    const bounds = rotatedBounds(ink.width, ink.height, SIGNATURE_ROTATION_DEG);
    expect(bounds.width).toBeLessThanOrEqual(480);
    expect(bounds.height).toBeLessThanOrEqual(150);
    // Shrinks no more than needed: a tenth of a pixel larger would not fit.
    const larger = inkSize(measure(size + 0.2));
    expect(
      rotatedBounds(larger.width, larger.height, SIGNATURE_ROTATION_DEG).width,
    ).toBeGreaterThan(480);
  });

  it('shrinks tall text to the height limit', () => {
    const measure = (size: number): InkMetrics => ({
      left: 0,
      right: size,
      ascent: 2 * size,
      descent: size,
    });
    const size = fitFontSize({ measure, baseSize: 90, maxWidth: 1000, maxHeight: 150 });
    expect(size).toBeCloseTo(50, 0);
    expect(inkSize(measure(size)).height).toBeLessThanOrEqual(150);
  });

  it('converges for fonts whose width is not exactly proportional to the size', () => {
    // Hinting adds a few pixels at every size.
    const measure = (size: number): InkMetrics => ({
      left: 0,
      right: 20 * size + 7,
      ascent: size,
      descent: 0,
    });
    const size = fitFontSize({ measure, baseSize: 90, maxWidth: 480, maxHeight: 200 });
    expect(inkSize(measure(size)).width).toBeLessThanOrEqual(480);
    expect(size).toBeGreaterThan(23);
  });

  it('handles empty text', () => {
    const measure = (): InkMetrics => ({ left: 0, right: 0, ascent: 0, descent: 0 });
    expect(fitFontSize({ measure, baseSize: 30, maxWidth: 100, maxHeight: 40 })).toBe(30);
  });

  it('never goes below the safety floor', () => {
    const size = fitFontSize({
      measure: linearFont('x'.repeat(10_000)),
      baseSize: 90,
      maxWidth: 10,
      maxHeight: 10,
      minSize: 4,
    });
    expect(size).toBe(4);
  });
});

describe('placeRotatedText', () => {
  it('centres the ink of the text on the centre of the region', () => {
    const measure = linearFont('Anna Nowak');
    const region = { x: 240, y: 22, width: 480, height: 150 };
    const placement = placeRotatedText(measure, region, 90, SIGNATURE_ROTATION_DEG);
    expect(placement.centerX).toBe(480);
    expect(placement.centerY).toBe(97);
    const ink = measure(placement.fontSize);
    // Ink spans [penX - left, penX + right] horizontally around the rotated origin.
    expect(placement.penX - ink.left + (placement.penX + ink.right)).toBeCloseTo(0);
    expect(placement.penY - ink.ascent + (placement.penY + ink.descent)).toBeCloseTo(0);
  });

  it('rotates counter-clockwise by the signature angle', () => {
    const placement = placeRotatedText(
      linearFont('A'),
      SIGNATURE_LAYOUT.name,
      FONT_SIZES.name,
      SIGNATURE_ROTATION_DEG,
    );
    expect(placement.rotation).toBeCloseTo((-1.5 * Math.PI) / 180);
  });

  it('keeps the rotated corners of a long name inside its region', () => {
    const measure = linearFont('Bartłomiej Grzegorz Szczepański-Żółkiewski');
    const region = SIGNATURE_LAYOUT.name;
    const p = placeRotatedText(measure, region, FONT_SIZES.name, SIGNATURE_ROTATION_DEG);
    const ink = measure(p.fontSize);
    const corners = [
      [p.penX - ink.left, p.penY - ink.ascent],
      [p.penX + ink.right, p.penY - ink.ascent],
      [p.penX - ink.left, p.penY + ink.descent],
      [p.penX + ink.right, p.penY + ink.descent],
    ] as const;
    for (const [x, y] of corners) {
      const rx = p.centerX + x * Math.cos(p.rotation) - y * Math.sin(p.rotation);
      const ry = p.centerY + x * Math.sin(p.rotation) + y * Math.cos(p.rotation);
      expect(rx).toBeGreaterThanOrEqual(region.x - 0.01);
      expect(rx).toBeLessThanOrEqual(region.x + region.width + 0.01);
      expect(ry).toBeGreaterThanOrEqual(region.y - 0.01);
      expect(ry).toBeLessThanOrEqual(region.y + region.height + 0.01);
    }
  });
});

describe('SIGNATURE_LAYOUT', () => {
  it('places every region inside the 750×340 picture', () => {
    for (const box of Object.values(SIGNATURE_LAYOUT)) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(SIGNATURE_WIDTH);
      expect(box.y + box.height).toBeLessThanOrEqual(SIGNATURE_HEIGHT);
    }
  });

  it('leaves the rotated name region clear of the lines below it', () => {
    const { name, rule, label } = SIGNATURE_LAYOUT;
    expect(name.y + name.height).toBeLessThanOrEqual(rule.y);
    expect(rule.y + rule.height).toBeLessThanOrEqual(label.y);
  });
});

describe('signatureFileName', () => {
  it('builds the file name from the name', () => {
    expect(signatureFileName('Jan Kowalski')).toBe('podpis-jan-kowalski.png');
  });

  it('transliterates every Polish letter, lower and upper case', () => {
    expect(signatureFileName('Zażółć Gęślą Jaźń')).toBe('podpis-zazolc-gesla-jazn.png');
    expect(signatureFileName('ĄĆĘŁŃÓŚŹŻ ąćęłńóśźż')).toBe('podpis-acelnoszz-acelnoszz.png');
  });

  it('drops accents of other languages and punctuation', () => {
    expect(signatureFileName("  José O'Brien-Müller!  ")).toBe('podpis-jose-o-brien-muller.png');
  });

  it('falls back to a plain name when nothing usable is left', () => {
    expect(signatureFileName('')).toBe('podpis.png');
    expect(signatureFileName('   ')).toBe('podpis.png');
    expect(signatureFileName('★☆')).toBe('podpis.png');
  });

  it('keeps long names to a reasonable length, cut between words', () => {
    const name = 'Aleksander Maksymilian Krzysztof Wojciechowski-Szczebrzeszyński Junior';
    const fileName = signatureFileName(name);
    expect(fileName).toBe('podpis-aleksander-maksymilian-krzysztof-wojciechowski.png');
    expect(fileName.length).toBeLessThanOrEqual('podpis-'.length + 60 + '.png'.length);
  });
});

describe('transliterate', () => {
  it('turns ł into l, which Unicode normalisation alone would not', () => {
    expect(transliterate('Łódź')).toBe('lodz');
  });
});
