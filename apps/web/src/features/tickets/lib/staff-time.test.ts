import { describe, expect, it } from 'vitest';
import { durationInWords, shortDuration, waitingLabel } from './staff-time';

const now = Date.parse('2026-11-25T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('waitingLabel', () => {
  it.each([
    [20_000, 'czeka chwilę'],
    [5 * MIN, 'czeka 5 min'],
    [HOUR, 'czeka 1 h'],
    [3 * HOUR + 59 * MIN, 'czeka 3 h'],
    [DAY, 'czeka 1 dzień'],
    [2 * DAY, 'czeka 2 dni'],
    [5 * DAY, 'czeka 5 dni'],
    [22 * DAY, 'czeka 22 dni'],
  ])('%i ms → %s', (ms, label) => {
    expect(waitingLabel(ago(ms), now)).toBe(label);
  });

  it('says nothing for a missing or broken date, and a clock skew is not negative', () => {
    expect(waitingLabel(null, now)).toBe('');
    expect(waitingLabel('nie-data', now)).toBe('');
    expect(waitingLabel(new Date(now + HOUR).toISOString(), now)).toBe('czeka chwilę');
  });
});

describe('durationInWords', () => {
  it.each([
    [1, '1 sekunda'],
    [45, '45 sekund'],
    [120, '2 minuty'],
    [12 * 60, '12 minut'],
    [3600, '1 godzina'],
    [2 * 3600 + 5 * 60, '2 godziny 5 minut'],
    [5 * 3600 + 22 * 60, '5 godzin 22 minuty'],
    [86_400, '1 dzień'],
    [3 * 86_400 + 4 * 3600, '3 dni 4 godziny'],
  ])('%i s → %s', (seconds, words) => {
    expect(durationInWords(seconds)).toBe(words);
  });
});

describe('shortDuration', () => {
  it.each([
    [0, '0 s'],
    [45, '45 s'],
    [12 * 60, '12 min'],
    [3600, '1 godz.'],
    [2 * 3600 + 15 * 60, '2 godz. 15 min'],
    [86_400, '1 dzień'],
    [86_400 + 4 * 3600, '1 dzień 4 godz.'],
    [3 * 86_400, '3 dni'],
  ])('%i s → %s', (seconds, words) => {
    expect(shortDuration(seconds)).toBe(words);
  });
});
