import { describe, expect, it } from 'vitest';
import {
  isValidNip,
  isValidRegon,
  phoneHref,
  STUDIO_PLACEHOLDERS,
  studioDetailsFromEnv,
} from './studio-details';

// Checksums worked out by hand:
// NIP 526-025-09-95: 5·6+2·5+6·7+0·2+2·3+5·4+0·5+9·6+9·7 = 225, 225 mod 11 = 5 (last digit).
// NIP 725-180-11-26: 42+10+35+2+24+0+5+6+14 = 138, 138 mod 11 = 6.
// NIP 123456789?: 6+10+21+8+15+24+35+48+63 = 230, 230 mod 11 = 10: no NIP starts so.
// REGON 123456785: 8+18+6+12+20+30+42+56 = 192, 192 mod 11 = 5.
// REGON 400000000: 4·8 = 32, 32 mod 11 = 10, which counts as 0.
// REGON 12345678500002: 2+8+24+20+0+54+49+24+30+0+0+0+0 = 211, 211 mod 11 = 2.
const valid = {
  STUDIO_NAME: 'Pracownia Kowalski sp. z o.o.',
  STUDIO_ADDRESS: 'ul. Długa 5, 31-147 Kraków',
  STUDIO_NIP: '526-025-09-95',
  STUDIO_REGON: '123456785',
  STUDIO_EMAIL: 'biuro@pracownia.pl',
  STUDIO_PHONE: '+48 12 345 67 89',
};

describe('NIP and REGON checksums', () => {
  it.each(['5260250995', '7251801126'])('accepts NIP %s', (nip) => {
    expect(isValidNip(nip)).toBe(true);
  });

  it.each([
    ['5260250996', 'one digit off in the check digit'],
    ['5260250959', 'two digits swapped'],
    ['1234567890', 'a sum of 10 mod 11, never issued'],
    ['526025099', 'nine digits'],
  ])('refuses NIP %s (%s)', (nip) => {
    expect(isValidNip(nip)).toBe(false);
  });

  it.each(['123456785', '400000000', '12345678500002'])('accepts REGON %s', (regon) => {
    expect(isValidRegon(regon)).toBe(true);
  });

  it.each([
    ['123456784', 'a wrong check digit'],
    ['12345678500003', 'a wrong check digit of the local unit'],
    ['12345678400001', 'a local unit of an owner whose REGON is wrong'],
    ['1234567850', 'ten digits'],
  ])('refuses REGON %s (%s)', (regon) => {
    expect(isValidRegon(regon)).toBe(false);
  });
});

describe('the studio’s details from the environment', () => {
  it('shows NIP and REGON as digits, and the address and phone as typed, spaces tidied', () => {
    const result = studioDetailsFromEnv(
      {
        ...valid,
        STUDIO_NIP: ' PL 526 025 09 95 ',
        STUDIO_REGON: '123-456-785',
        STUDIO_ADDRESS: ' ul. Długa 5,  31-147 Kraków ',
      },
      true,
    );
    expect(result).toEqual({
      details: {
        name: 'Pracownia Kowalski sp. z o.o.',
        address: 'ul. Długa 5, 31-147 Kraków',
        nip: '5260250995',
        regon: '123456785',
        email: 'biuro@pracownia.pl',
        phone: '+48 12 345 67 89',
      },
    });
  });

  it('uses the marked placeholders for what is unset outside production', () => {
    expect(studioDetailsFromEnv({ STUDIO_NIP: '7251801126' }, false)).toEqual({
      details: { ...STUDIO_PLACEHOLDERS, nip: '7251801126' },
    });
    expect(STUDIO_PLACEHOLDERS.nip).toBe('[uzupełnij NIP]');
  });

  it.each([
    ['STUDIO_NAME', undefined, /^Invalid STUDIO_NAME: required when NODE_ENV=production/],
    ['STUDIO_ADDRESS', '  ', /^Invalid STUDIO_ADDRESS: required/],
    ['STUDIO_ADDRESS', 'Kraków', /^Invalid STUDIO_ADDRESS: must hold the street, the postal code/],
    [
      'STUDIO_NAME',
      'Studio [uzupełnij pełną nazwę firmy]',
      /^Invalid STUDIO_NAME: still holds the placeholder/,
    ],
    ['STUDIO_NIP', '526-025-09-96', /^Invalid STUDIO_NIP: checksum does not match/],
    ['STUDIO_NIP', '52602509', /^Invalid STUDIO_NIP: must be 10 digits/],
    ['STUDIO_REGON', '123456784', /^Invalid STUDIO_REGON: checksum does not match/],
    ['STUDIO_REGON', '12345', /^Invalid STUDIO_REGON: must be 9 or 14 digits/],
    ['STUDIO_EMAIL', 'biuro@pracownia', /^Invalid STUDIO_EMAIL: must be an e-mail address/],
    ['STUDIO_EMAIL', 'biuro pracownia.pl', /^Invalid STUDIO_EMAIL/],
    ['STUDIO_PHONE', '+48 12 345 67', /^Invalid STUDIO_PHONE: must be a phone number/],
    ['STUDIO_PHONE', 'zadzwoń', /^Invalid STUDIO_PHONE/],
  ])('refuses %s=%o naming the variable', (variable, value, message) => {
    const result = studioDetailsFromEnv({ ...valid, [variable]: value }, true);
    expect('problem' in result && result.problem).toMatch(message);
  });

  it.each([
    '+48 600 123 456',
    '600-123-456',
    '(12) 345 67 89',
    '0048 12 345 67 89',
    '+44 20 7946 0958',
  ])('accepts the phone %s', (phone) => {
    expect(studioDetailsFromEnv({ ...valid, STUDIO_PHONE: phone }, true)).toHaveProperty('details');
  });
});

describe('the tel: link', () => {
  it('dials digits with the country code, adding +48 to a 9-digit Polish number', () => {
    expect(phoneHref('+48 12 345 67 89')).toBe('tel:+48123456789');
    expect(phoneHref('(12) 345 67 89')).toBe('tel:+48123456789');
    expect(phoneHref('0044 20 7946 0958')).toBe('tel:+442079460958');
  });
});
