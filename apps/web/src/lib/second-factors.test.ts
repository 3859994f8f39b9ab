import { describe, expect, it } from 'vitest';
import { hasAnySecondFactor, secondFactorNames, secondFactorsSummary } from './second-factors';

const none = { email_codes: false, totp: false, passkeys: 0 };

describe('the second-factor summary', () => {
  it('says „Wyłączona” only when nothing is on', () => {
    expect(secondFactorsSummary(none)).toBe('Wyłączona');
    expect(hasAnySecondFactor(none)).toBe(false);
  });

  it('names an active app instead of „Wyłączona” when e-mail codes are off', () => {
    expect(secondFactorsSummary({ ...none, totp: true })).toBe(
      'Włączona: aplikacja uwierzytelniająca',
    );
  });

  it('names every factor that is on, joined the Polish way', () => {
    expect(secondFactorNames({ email_codes: true, totp: true, passkeys: 2 })).toBe(
      'kody z e-maila, aplikacja uwierzytelniająca i 2 klucze dostępu',
    );
    expect(secondFactorNames({ ...none, email_codes: true, passkeys: 1 })).toBe(
      'kody z e-maila i 1 klucz dostępu',
    );
  });

  it('counts passkeys with the right plural form', () => {
    const passkeys = (n: number) => secondFactorNames({ ...none, passkeys: n });
    expect(passkeys(1)).toBe('1 klucz dostępu');
    expect(passkeys(3)).toBe('3 klucze dostępu');
    expect(passkeys(5)).toBe('5 kluczy dostępu');
    expect(passkeys(12)).toBe('12 kluczy dostępu');
    expect(passkeys(22)).toBe('22 klucze dostępu');
  });
});
