import { countOf, type PluralForms } from '~/lib/plural';

/** Polish forms of the time units the staff screens count in. */
const SECOND: PluralForms = { one: 'sekunda', few: 'sekundy', many: 'sekund' };
const MINUTE: PluralForms = { one: 'minuta', few: 'minuty', many: 'minut' };
const HOUR: PluralForms = { one: 'godzina', few: 'godziny', many: 'godzin' };
const DAY: PluralForms = { one: 'dzień', few: 'dni', many: 'dni' };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long a ticket has waited, short enough for a list row: „czeka 5 min”,
 * „czeka 3 h”, „czeka 1 dzień”, „czeka 2 dni”. Minutes and hours are
 * abbreviations (no inflection); days take the form the count asks for.
 * '' for a missing or broken date.
 */
export function waitingLabel(sinceIso: string | null | undefined, now = Date.now()): string {
  if (!sinceIso) return '';
  const since = Date.parse(sinceIso);
  if (Number.isNaN(since)) return '';
  const waited = Math.max(0, now - since);
  if (waited < MINUTE_MS) return 'czeka chwilę';
  if (waited < HOUR_MS) return `czeka ${Math.floor(waited / MINUTE_MS)} min`;
  if (waited < DAY_MS) return `czeka ${Math.floor(waited / HOUR_MS)} h`;
  return `czeka ${countOf(Math.floor(waited / DAY_MS), DAY)}`;
}

/**
 * A duration in words for the statistics: „45 sekund”, „12 minut”,
 * „2 godziny 5 minut”, „3 dni 4 godziny”. The two largest units are enough
 * to compare response times; a zero second unit is left out.
 */
export function durationInWords(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return countOf(total, SECOND);
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return countOf(minutes, MINUTE);
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return joinUnits(countOf(hours, HOUR), minutes % 60, MINUTE);
  return joinUnits(countOf(Math.floor(hours / 24), DAY), hours % 24, HOUR);
}

function joinUnits(first: string, rest: number, forms: PluralForms): string {
  return rest === 0 ? first : `${first} ${countOf(rest, forms)}`;
}

/**
 * A duration short enough for a report's table: „45 s”, „12 min”,
 * „2 godz. 15 min”, „1 dzień 4 godz.”, „3 dni”. The two largest units, as
 * durationInWords; only days are inflected (the abbreviations never are).
 */
export function shortDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return `${total} s`;
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24)
    return minutes % 60 === 0 ? `${hours} godz.` : `${hours} godz. ${minutes % 60} min`;
  const days = countOf(Math.floor(hours / 24), DAY);
  return hours % 24 === 0 ? days : `${days} ${hours % 24} godz.`;
}
