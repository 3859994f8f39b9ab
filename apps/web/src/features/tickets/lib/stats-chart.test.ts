import { describe, expect, it } from 'vitest';
import { chartLayout, niceMax, shortDay } from './stats-chart';

describe('niceMax', () => {
  it.each([
    [0, 4, 1],
    [3, 3, 1],
    [7, 8, 2],
    [13, 15, 5],
    [37, 40, 10],
    [180, 200, 50],
  ])('%i → max %i, step %i', (value, max, step) => {
    expect(niceMax(value)).toEqual({ max, step });
  });
});

describe('chartLayout', () => {
  const days = [
    { date: '2026-11-01', created: 4, closed: 2 },
    { date: '2026-11-02', created: 0, closed: 1 },
  ];

  it('draws two bars a day, scaled to the rounded maximum, standing on the bottom', () => {
    const layout = chartLayout(days, 200, 100);
    expect(layout.max).toBe(4);
    expect(layout.ticks).toEqual([0, 1, 2, 3, 4]);
    expect(layout.bars).toHaveLength(4);
    const [created, closed, createdNone] = layout.bars;
    expect(created).toMatchObject({ kind: 'created', value: 4, y: 0, height: 100 });
    expect(closed).toMatchObject({ kind: 'closed', value: 2, y: 50, height: 50 });
    expect(createdNone).toMatchObject({ value: 0, height: 0, y: 100 });
    // The second day starts in the second half.
    expect(createdNone?.x).toBeGreaterThanOrEqual(100);
  });

  it('copes with no days at all', () => {
    expect(chartLayout([], 200, 100).bars).toEqual([]);
  });
});

describe('shortDay', () => {
  it('writes the day in Polish and leaves a broken date as it is', () => {
    expect(shortDay('2026-11-03')).toMatch(/^3 lis/);
    expect(shortDay('nie')).toBe('nie');
  });
});
