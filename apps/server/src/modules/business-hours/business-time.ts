import type { BusinessHours } from '@studio/shared/business-hours';
import { isPolishPublicHoliday } from '@studio/shared/polish-holidays';

/**
 * Business-time arithmetic (DESIGN.md §7.9): an instant plus N minutes of
 * open time, counted in the studio's time zone — nights, weekends, Polish
 * public holidays and the studio's own days off do not count, and a DST
 * change makes that day's open hours an hour longer or shorter in real time
 * only if they straddle it (09:00–17:00 stays 8 hours). Pure: no clock, no database.
 */

/** Searching further than this for open time means the settings leave none (never with ≥ 1 open day). */
const MAX_DAYS_AHEAD = 800;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface LocalParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function localParts(instant: number, timeZone: string): LocalParts {
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(instant))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 0,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const p = localParts(instant, timeZone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time of a day has in the zone. A time skipped by
 * the spring change (02:30) lands an hour later, as a clock would show it.
 */
export function zonedInstant(
  date: { year: number; month: number; day: number },
  time: string,
  timeZone: string,
): number {
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour, minute);
  const first = wall - offsetAt(wall, timeZone);
  const second = wall - offsetAt(first, timeZone);
  return offsetAt(second, timeZone) === offsetAt(first, timeZone) ? second : first;
}

function isoDate(d: { year: number; month: number; day: number }): string {
  return new Date(Date.UTC(d.year, d.month - 1, d.day)).toISOString().slice(0, 10);
}

/** ISO weekday: 1 = Monday … 7 = Sunday. */
function isoWeekday(d: { year: number; month: number; day: number }): number {
  const js = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay();
  return js === 0 ? 7 : js;
}

function nextDay(d: { year: number; month: number; day: number }) {
  const next = new Date(Date.UTC(d.year, d.month - 1, d.day + 1));
  return { year: next.getUTCFullYear(), month: next.getUTCMonth() + 1, day: next.getUTCDate() };
}

export type BusinessCalendar = Pick<BusinessHours, 'timezone' | 'days' | 'holidays'>;

/** Whether a local date is closed all day: a Polish public holiday or one of the studio's days off. */
export function isClosedDate(date: string, extraHolidays: ReadonlySet<string>): boolean {
  return isPolishPublicHoliday(date) || extraHolidays.has(date);
}

/** A calendar's arithmetic; each day's opening and closing instants are worked out once (a recount of many tickets). */
export interface BusinessClock {
  /**
   * `start` plus `minutes` of open time. Open time before `start` on its day
   * does not count; a start outside the hours begins counting at the next
   * opening. Null only when the calendar has no open time at all.
   */
  add(start: Date, minutes: number): Date | null;
}

type Day = { year: number; month: number; day: number };

/** Each local day's opening and closing instants (null when closed), worked out once per day. */
function openWindowsOf(calendar: BusinessCalendar) {
  const tz = calendar.timezone;
  const extra = new Set(calendar.holidays);
  const byWeekday = new Map(calendar.days.map((d) => [d.weekday, d]));
  const windows = new Map<string, { open: number; close: number } | null>();
  return (day: Day) => {
    const key = isoDate(day);
    let window = windows.get(key);
    if (window === undefined) {
      const hours = byWeekday.get(isoWeekday(day));
      window =
        !hours || isClosedDate(key, extra)
          ? null
          : { open: zonedInstant(day, hours.open, tz), close: zonedInstant(day, hours.close, tz) };
      windows.set(key, window);
    }
    return window;
  };
}

/**
 * Every local day from the one holding `from` to the one holding `to`, with
 * its open interval (epoch ms), null when closed: the statistics measure
 * business time between two instants from these (staff/stats-business-time.ts).
 */
export function businessDays(
  calendar: BusinessCalendar,
  from: Date,
  to: Date,
): Array<{ date: string; open: { open: number; close: number } | null }> {
  const windowOf = openWindowsOf(calendar);
  const last = isoDate(localParts(to.getTime(), calendar.timezone));
  const days: Array<{ date: string; open: { open: number; close: number } | null }> = [];
  for (let day: Day = localParts(from.getTime(), calendar.timezone); ; day = nextDay(day)) {
    const date = isoDate(day);
    days.push({ date, open: windowOf(day) });
    if (date >= last) return days;
  }
}

export function businessClock(calendar: BusinessCalendar): BusinessClock {
  const tz = calendar.timezone;
  const windowOf = openWindowsOf(calendar);
  return {
    add(start, minutes) {
      let remainingMs = minutes * 60_000;
      const startMs = start.getTime();
      let day: Day = localParts(startMs, tz);
      for (let i = 0; i < MAX_DAYS_AHEAD; i++, day = nextDay(day)) {
        const window = windowOf(day);
        if (!window) continue;
        const from = Math.max(window.open, startMs);
        if (from >= window.close) continue;
        if (remainingMs <= window.close - from) return new Date(from + remainingMs);
        remainingMs -= window.close - from;
      }
      return null;
    },
  };
}

/** One sum with a calendar used once (see businessClock). */
export function addBusinessMinutes(
  start: Date,
  minutes: number,
  calendar: BusinessCalendar,
): Date | null {
  return businessClock(calendar).add(start, minutes);
}
