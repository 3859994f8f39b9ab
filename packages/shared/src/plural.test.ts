import { describe, expect, it } from 'vitest';
import { countOf, plural } from './plural';

const message = { one: 'wiadomość', few: 'wiadomości', many: 'wiadomości' };
const second = { one: 'sekundę', few: 'sekundy', many: 'sekund' };

describe('plural (Intl.PluralRules pl)', () => {
  it.each([
    [1, 'sekundę'],
    [2, 'sekundy'],
    [5, 'sekund'],
    [12, 'sekund'],
    [22, 'sekundy'],
    [25, 'sekund'],
    [112, 'sekund'],
    [0, 'sekund'],
  ])('%i takes "%s"', (count, form) => {
    expect(plural(count, second)).toBe(form);
  });

  it('keeps the teens in "many" even where the last digit is 2–4', () => {
    expect(plural(13, second)).toBe('sekund');
    expect(plural(114, second)).toBe('sekund');
    expect(plural(104, second)).toBe('sekundy');
  });

  it('puts the count before the form', () => {
    expect(countOf(1, message)).toBe('1 wiadomość');
    expect(countOf(24, second)).toBe('24 sekundy');
  });
});
