import { describe, expect, it } from 'vitest';
import { easterSunday, isPolishPublicHoliday, polishPublicHolidays } from './polish-holidays';

describe('Polish public holidays', () => {
  it('computes Easter Sunday for years whose date is known', () => {
    expect(easterSunday(2019)).toEqual({ month: 4, day: 21 });
    expect(easterSunday(2024)).toEqual({ month: 3, day: 31 });
    expect(easterSunday(2025)).toEqual({ month: 4, day: 20 });
    expect(easterSunday(2026)).toEqual({ month: 4, day: 5 });
    expect(easterSunday(2038)).toEqual({ month: 4, day: 25 });
    expect(easterSunday(2285)).toEqual({ month: 3, day: 22 });
  });

  it('lists the movable feasts of 2026 counted from Easter', () => {
    const dates = polishPublicHolidays(2026).map((h) => h.date);
    expect(dates).toEqual([
      '2026-01-01',
      '2026-01-06',
      '2026-04-05',
      '2026-04-06',
      '2026-05-01',
      '2026-05-03',
      '2026-05-24',
      '2026-06-04',
      '2026-08-15',
      '2026-11-01',
      '2026-11-11',
      '2026-12-24',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('puts Pentecost and Corpus Christi of 2024 and 2025 on their official dates', () => {
    expect(isPolishPublicHoliday('2024-05-19')).toBe(true);
    expect(isPolishPublicHoliday('2024-05-30')).toBe(true);
    expect(isPolishPublicHoliday('2024-04-01')).toBe(true);
    expect(isPolishPublicHoliday('2025-06-08')).toBe(true);
    expect(isPolishPublicHoliday('2025-06-19')).toBe(true);
    expect(isPolishPublicHoliday('2025-04-21')).toBe(true);
  });

  it('keeps Christmas Eve a working day before 2025 and a holiday from 2025', () => {
    expect(isPolishPublicHoliday('2024-12-24')).toBe(false);
    expect(isPolishPublicHoliday('2025-12-24')).toBe(true);
    expect(polishPublicHolidays(2024)).toHaveLength(13);
    expect(polishPublicHolidays(2025)).toHaveLength(14);
  });

  it('treats an ordinary working day as no holiday', () => {
    expect(isPolishPublicHoliday('2026-04-07')).toBe(false);
    expect(isPolishPublicHoliday('2026-11-27')).toBe(false);
  });
});
