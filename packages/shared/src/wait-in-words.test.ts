import { describe, expect, it } from 'vitest';
import { waitInWords } from './wait-in-words';

const zone = 'Europe/Warsaw';
// 25 November 2026, 10:00 in Warsaw (UTC+1).
const morning = new Date('2026-11-25T09:00:00Z');

describe('waitInWords', () => {
  it.each([
    [0, 'za chwilę'],
    [-5, 'za chwilę'],
    [1, 'za 1 sekundę'],
    [22, 'za 22 sekundy'],
    [45, 'za 45 sekund'],
    [59.2, 'za 1 min'],
    [60, 'za 1 min'],
    [61, 'za 2 min'],
    [2851, 'za 48 min'],
    [3599, 'za 1 godz.'],
    [3600, 'za 1 godz.'],
    [5400, 'za 1 godz. 30 min'],
    [7200, 'za 2 godz.'],
    [6 * 3600, 'za 6 godz.'],
  ])('%s s → „%s”', (seconds, words) => {
    expect(waitInWords(seconds, { now: morning, timeZone: zone })).toBe(words);
  });

  it('names the time today, tomorrow, or the date when the wait is long', () => {
    const at = (s: number) => waitInWords(s, { now: morning, timeZone: zone });
    expect(at(11.5 * 3600)).toBe('dziś o 21:30');
    expect(at(23.5 * 3600)).toBe('jutro o 9:30');
    expect(at(3 * 24 * 3600)).toBe('28.11 o 10:00');
  });

  it('never shows raw seconds for a long wait', () => {
    for (const seconds of [61, 2851, 9999, 86_399, 200_000]) {
      expect(waitInWords(seconds, { now: morning, timeZone: zone })).not.toMatch(/sekund/);
    }
  });
});
