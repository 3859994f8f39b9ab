import type { SecondFactors } from '@studio/shared/account-lock';
import { countOf } from './plural';

/**
 * The honest summary of issue 28: every second factor that is on, named,
 * for the profile and the staff customer panel — never „Wyłączona” beside
 * an active authenticator app or passkeys.
 */

const PASSKEYS = { one: 'klucz dostępu', few: 'klucze dostępu', many: 'kluczy dostępu' };

export const hasAnySecondFactor = (factors: SecondFactors): boolean =>
  factors.email_codes || factors.totp || factors.passkeys > 0;

/** „kody z e-maila, aplikacja uwierzytelniająca i 2 klucze dostępu”; empty when none is on. */
export function secondFactorNames(factors: SecondFactors): string {
  const names = [
    factors.email_codes ? 'kody z e-maila' : null,
    factors.totp ? 'aplikacja uwierzytelniająca' : null,
    factors.passkeys > 0 ? countOf(factors.passkeys, PASSKEYS) : null,
  ].filter((name): name is string => name !== null);
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} i ${names[names.length - 1]}`;
}

/** „Włączona: aplikacja uwierzytelniająca i 1 klucz dostępu”, or „Wyłączona”. */
export function secondFactorsSummary(factors: SecondFactors): string {
  return hasAnySecondFactor(factors) ? `Włączona: ${secondFactorNames(factors)}` : 'Wyłączona';
}
