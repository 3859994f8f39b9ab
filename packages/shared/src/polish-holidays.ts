/**
 * Polish public holidays (ustawa o dniach wolnych od pracy), which count as
 * closed days of the business hours without anyone listing them (DESIGN.md
 * §7.9). The movable feasts are computed from Easter, so no year ever needs a
 * hand-written list. Shared: the server counts due times with it, the
 * „Godziny pracy” screen shows the year's list.
 */
export interface PublicHoliday {
  /** YYYY-MM-DD, a calendar date in Poland. */
  date: string;
  name: string;
}

/** Easter Sunday of the Gregorian calendar (the anonymous „Meeus/Jones/Butcher” computus). */
export function easterSunday(year: number): { month: number; day: number } {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return { month, day };
}

function isoDate(year: number, month: number, day: number): string {
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

/** The day `days` after Easter Sunday (Date.UTC rolls over months on its own). */
function afterEaster(year: number, days: number): string {
  const { month, day } = easterSunday(year);
  return isoDate(year, month, day + days);
}

/** The year's public holidays in Poland, in date order. */
export function polishPublicHolidays(year: number): PublicHoliday[] {
  const fixed: Array<[number, number, string, boolean]> = [
    [1, 1, 'Nowy Rok', true],
    // Święto Trzech Króli is a day off again since 2011.
    [1, 6, 'Święto Trzech Króli', year >= 2011],
    [5, 1, 'Święto Pracy', true],
    [5, 3, 'Święto Konstytucji 3 Maja', true],
    [8, 15, 'Wniebowzięcie Najświętszej Maryi Panny', true],
    [11, 1, 'Wszystkich Świętych', true],
    [11, 11, 'Narodowe Święto Niepodległości', true],
    // Wigilia is a day off from 2025 (the act of 2024).
    [12, 24, 'Wigilia Bożego Narodzenia', year >= 2025],
    [12, 25, 'Boże Narodzenie (pierwszy dzień)', true],
    [12, 26, 'Boże Narodzenie (drugi dzień)', true],
  ];
  const holidays: PublicHoliday[] = fixed
    .filter(([, , , observed]) => observed)
    .map(([month, day, name]) => ({ date: isoDate(year, month, day), name }));
  holidays.push(
    { date: afterEaster(year, 0), name: 'Wielkanoc' },
    { date: afterEaster(year, 1), name: 'Poniedziałek Wielkanocny' },
    { date: afterEaster(year, 49), name: 'Zielone Świątki' },
    { date: afterEaster(year, 60), name: 'Boże Ciało' },
  );
  return holidays.sort((x, y) => x.date.localeCompare(y.date));
}

const byYear = new Map<number, ReadonlySet<string>>();

/** Whether a YYYY-MM-DD date is a Polish public holiday (each year computed once). */
export function isPolishPublicHoliday(date: string): boolean {
  const year = Number(date.slice(0, 4));
  let dates = byYear.get(year);
  if (!dates) {
    dates = new Set(polishPublicHolidays(year).map((h) => h.date));
    byYear.set(year, dates);
  }
  return dates.has(date);
}
