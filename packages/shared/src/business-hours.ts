import { z } from 'zod';

/**
 * Business hours and response targets (DESIGN.md §7.9): `GET|PUT
 * /api/admin/business-hours`. One interval per weekday (ISO weekday, 1 =
 * Monday); Polish public holidays are closed without being listed
 * (polish-holidays.ts), `holidays` adds the studio's own days off. The
 * messages are Polish: the „Godziny pracy” form shows them as they come.
 */
export const RESPONSE_MINUTES_MAX = 43_200;
export const EXTRA_HOLIDAYS_MAX = 366;

const Time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Godzina musi mieć postać GG:MM, np. 09:00.' });

/** `YYYY-MM-DD` naming a day the calendar has (not 2026-02-30). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isIanaTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return value.length > 0 && value.length <= 64;
  } catch {
    return false;
  }
}

export const BusinessDaySchema = z
  .object({
    weekday: z
      .number({ message: 'Dzień tygodnia musi być liczbą od 1 (poniedziałek) do 7 (niedziela).' })
      .int({ message: 'Dzień tygodnia musi być liczbą od 1 (poniedziałek) do 7 (niedziela).' })
      .min(1, { message: 'Dzień tygodnia musi być liczbą od 1 (poniedziałek) do 7 (niedziela).' })
      .max(7, { message: 'Dzień tygodnia musi być liczbą od 1 (poniedziałek) do 7 (niedziela).' }),
    open: Time,
    close: Time,
  })
  .refine((day) => day.open < day.close, {
    message: 'Godzina otwarcia musi być wcześniejsza niż godzina zamknięcia.',
    path: ['close'],
  });

const Minutes = (what: string) =>
  z
    .number({ message: `${what}: podaj liczbę minut.` })
    .int({ message: `${what}: podaj pełne minuty.` })
    .min(1, { message: `${what}: co najmniej 1 minuta.` })
    .max(RESPONSE_MINUTES_MAX, {
      message: `${what}: najwyżej ${RESPONSE_MINUTES_MAX} minut (30 dni).`,
    });

export const BusinessHoursSchema = z
  .object({
    timezone: z.string().refine(isIanaTimeZone, {
      message: 'Nieznana strefa czasowa (podaj nazwę IANA, np. Europe/Warsaw).',
    }),
    days: z
      .array(BusinessDaySchema)
      .min(1, { message: 'Wybierz co najmniej jeden dzień pracy.' })
      .max(7, { message: 'Każdy dzień tygodnia może mieć tylko jeden przedział godzin.' }),
    holidays: z
      .array(
        z
          .string()
          .refine(isRealDate, { message: 'Dzień wolny musi być prawdziwą datą RRRR-MM-DD.' }),
      )
      .max(EXTRA_HOLIDAYS_MAX, {
        message: `Najwyżej ${EXTRA_HOLIDAYS_MAX} dodatkowych dni wolnych.`,
      }),
    first_response_minutes: Minutes('Czas pierwszej odpowiedzi'),
    next_response_minutes: Minutes('Czas kolejnej odpowiedzi'),
  })
  .refine((value) => new Set(value.days.map((d) => d.weekday)).size === value.days.length, {
    message: 'Każdy dzień tygodnia może mieć tylko jeden przedział godzin.',
    path: ['days'],
  });

export type BusinessDay = z.infer<typeof BusinessDaySchema>;
export type BusinessHours = z.infer<typeof BusinessHoursSchema>;

/** Until an admin sets them: Warsaw, Monday to Friday 9–17, 4 h to the first answer, 8 h to the next. */
export const DEFAULT_BUSINESS_HOURS: BusinessHours = {
  timezone: 'Europe/Warsaw',
  days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, open: '09:00', close: '17:00' })),
  holidays: [],
  first_response_minutes: 240,
  next_response_minutes: 480,
};

/** The answer of GET and PUT: the settings in a stable order (days by weekday, holidays by date). */
export function normaliseBusinessHours(value: BusinessHours): BusinessHours {
  return {
    timezone: value.timezone,
    days: [...value.days]
      .sort((a, b) => a.weekday - b.weekday)
      .map(({ weekday, open, close }) => ({ weekday, open, close })),
    holidays: [...new Set(value.holidays)].sort(),
    first_response_minutes: value.first_response_minutes,
    next_response_minutes: value.next_response_minutes,
  };
}
