/** The three Polish noun forms a count picks from (CLDR: one, few, many). */
export interface PluralForms {
  /** 1: 'wiadomość' */
  one: string;
  /** 2–4, 22–24, 32–34… but not 12–14: 'wiadomości' */
  few: string;
  /** 0, 5–21, 25–31…, 112: 'wiadomości' */
  many: string;
}

const rules = new Intl.PluralRules('pl');

/**
 * The form of a noun that goes with `count`, by the CLDR rules for Polish
 * (`Intl.PluralRules('pl')`), so no screen hand-writes the 12–14 exception.
 * Whole counts only: Polish fractions take the `other` category, which the
 * app never needs, so it falls back to `many`.
 */
export function plural(count: number, forms: PluralForms): string {
  const category = rules.select(count);
  if (category === 'one' || category === 'few') return forms[category];
  return forms.many;
}

/** "5 wiadomości": the count followed by its form. */
export function countOf(count: number, forms: PluralForms): string {
  return `${count} ${plural(count, forms)}`;
}
