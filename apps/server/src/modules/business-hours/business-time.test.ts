import { DEFAULT_BUSINESS_HOURS } from '@studio/shared/business-hours';
import { describe, expect, it } from 'vitest';
import { addBusinessMinutes, type BusinessCalendar } from './business-time';

const warsaw: BusinessCalendar = DEFAULT_BUSINESS_HOURS;
const at = (iso: string) => new Date(iso);
const add = (iso: string, minutes: number, calendar: BusinessCalendar = warsaw) =>
  addBusinessMinutes(at(iso), minutes, calendar)?.toISOString();

describe('addBusinessMinutes', () => {
  it('adds minutes within one open day', () => {
    // Wednesday 2026-11-25 10:00 in Warsaw (CET, UTC+1) is 09:00Z.
    expect(add('2026-11-25T09:00:00Z', 240)).toBe('2026-11-25T13:00:00.000Z');
  });

  it('carries the rest over the night to the next opening', () => {
    // Wednesday 15:00 local + 4 h: 2 h today, 2 h from Thursday 09:00 → 11:00 local.
    expect(add('2026-11-25T14:00:00Z', 240)).toBe('2026-11-26T10:00:00.000Z');
  });

  it('starts counting at the opening when the customer wrote at night', () => {
    // Thursday 03:00 local → Thursday 09:00 + 1 h = 10:00 local.
    expect(add('2026-11-26T02:00:00Z', 60)).toBe('2026-11-26T09:00:00.000Z');
  });

  it('skips the weekend', () => {
    // Friday 16:00 local + 2 h: 1 h on Friday, 1 h on Monday from 09:00.
    expect(add('2026-11-27T15:00:00Z', 120)).toBe('2026-11-30T09:00:00.000Z');
  });

  it('skips a holiday weekend: Easter Monday 2026 after the weekend', () => {
    // Friday 2026-04-03 16:00 local (CEST, UTC+2) + 2 h: Easter Monday is closed → Tuesday 10:00.
    expect(add('2026-04-03T14:00:00Z', 120)).toBe('2026-04-07T08:00:00.000Z');
  });

  it('skips Independence Day and the studio’s own extra day off', () => {
    // Tuesday 2026-11-10 16:30 local + 1 h: 11 Nov is a holiday, 12 Nov listed as a day off.
    const calendar = { ...warsaw, holidays: ['2026-11-12'] };
    expect(add('2026-11-10T15:30:00Z', 60, calendar)).toBe('2026-11-13T08:30:00.000Z');
  });

  it('keeps an 8-hour day 8 hours across the spring DST change', () => {
    // Friday 2026-03-27 09:00 CET + 8 h + 1 h: Monday 2026-03-30 is CEST, opening 09:00 = 07:00Z.
    expect(add('2026-03-27T08:00:00Z', 9 * 60)).toBe('2026-03-30T08:00:00.000Z');
  });

  it('counts the autumn DST change in local hours', () => {
    // Friday 2026-10-23 16:00 CEST (14:00Z) + 2 h → Monday 2026-10-26 10:00 CET = 09:00Z.
    expect(add('2026-10-23T14:00:00Z', 120)).toBe('2026-10-26T09:00:00.000Z');
  });

  it('counts hours that straddle the night of a DST change in real time', () => {
    // Open every day 00:00–23:59; 29 March 2026 has 23 real hours in Warsaw.
    const calendar: BusinessCalendar = {
      timezone: 'Europe/Warsaw',
      days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, open: '00:00', close: '23:59' })),
      holidays: [],
    };
    // Sunday 01:00 CET (00:00Z) + 3 h of real time = 05:00 CEST = 03:00Z.
    expect(add('2026-03-29T00:00:00Z', 180, calendar)).toBe('2026-03-29T03:00:00.000Z');
  });

  it('uses another time zone’s wall clock', () => {
    const calendar = { ...warsaw, timezone: 'America/New_York' };
    // Monday 2026-11-30 08:00 in New York (EST, UTC−5) → opening 09:00 + 30 min = 14:30Z.
    expect(add('2026-11-30T13:00:00Z', 30, calendar)).toBe('2026-11-30T14:30:00.000Z');
  });

  it('ends exactly at closing time when the minutes fill the day', () => {
    expect(add('2026-11-25T08:00:00Z', 480)).toBe('2026-11-25T16:00:00.000Z');
  });
});
