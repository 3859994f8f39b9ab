import { describe, expect, it } from 'vitest';
import { ROADMAP_PILLARS, ROADMAP_STAGES, ROADMAP_STATS, ROADMAP_STATUS_LABELS } from './roadmap';

describe('roadmap content', () => {
  it('has the three stages of 2025 with their statuses', () => {
    expect(ROADMAP_STAGES.map((s) => [s.quarter, s.title, s.status])).toEqual([
      ['Q1 2025', 'Stabilizacja fundamentów', 'done'],
      ['Q2 2025', 'Skalowanie usług', 'in-progress'],
      ['Q3 2025', 'Ekspansja doświadczeń', 'planned'],
    ]);
  });

  it('marks every highlight of a done stage completed and none of a planned one', () => {
    const [done, progress, planned] = ROADMAP_STAGES;
    expect(done?.highlights.every((h) => h.completed)).toBe(true);
    expect(progress?.highlights.some((h) => h.completed)).toBe(true);
    expect(progress?.highlights.some((h) => !h.completed)).toBe(true);
    expect(planned?.highlights.some((h) => h.completed)).toBe(false);
  });

  it('has the four stats and four pillars', () => {
    expect(ROADMAP_STATS.map((s) => s.value)).toEqual(['6+', '2', '24+', '2']);
    expect(ROADMAP_PILLARS).toHaveLength(4);
    expect(ROADMAP_STATUS_LABELS).toEqual({
      done: 'Zakończone',
      'in-progress': 'W realizacji',
      planned: 'Planowane',
    });
  });
});
