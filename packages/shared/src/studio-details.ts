/**
 * The studio's legal details (DESIGN.md §4 `STUDIO_*`, §7.10), shared so the
 * server (which validates them and writes them into the pages it serves) and
 * the web app (which prerenders the placeholders and shows the values) agree
 * on the placeholders, the checks and the `tel:` link.
 */
export interface StudioDetails {
  /** Full registered name of the business. */
  name: string;
  /** One line as typed, e.g. „ul. Długa 5, 31-147 Kraków”. */
  address: string;
  /** 10 digits, no separators. */
  nip: string;
  /** 9 or 14 digits. */
  regon: string;
  email: string;
  /** As typed (spaces tidied); the `tel:` link comes from phoneHref. */
  phone: string;
}

export type StudioField = keyof StudioDetails;

export const STUDIO_FIELDS: readonly StudioField[] = [
  'name',
  'address',
  'nip',
  'regon',
  'email',
  'phone',
];

/** The environment variable of each detail. */
export const STUDIO_VARIABLES: Record<StudioField, string> = {
  name: 'STUDIO_NAME',
  address: 'STUDIO_ADDRESS',
  nip: 'STUDIO_NIP',
  regon: 'STUDIO_REGON',
  email: 'STUDIO_EMAIL',
  phone: 'STUDIO_PHONE',
};

/**
 * What development shows while a detail is unset, and what the web build
 * prerenders: the server replaces exactly these strings in every page it
 * sends (apps/server/src/plugins/page-html.ts), so each must be unique in the
 * site and contain nothing HTML would escape.
 */
export const STUDIO_PLACEHOLDERS: StudioDetails = {
  name: 'Nasze Studio [uzupełnij pełną nazwę firmy]',
  address: '[uzupełnij adres: ulica i numer, kod pocztowy, miejscowość]',
  nip: '[uzupełnij NIP]',
  regon: '[uzupełnij REGON]',
  email: 'kontakt@example.com',
  phone: '+48 000 000 000',
};

/** The `tel:` link of a phone number: digits and a leading +; a 9-digit Polish number gets +48. */
export function phoneHref(phone: string): string {
  const dialled = phone.replace(/[^\d+]/g, '').replace(/^00/, '+');
  return `tel:${/^\d{9}$/.test(dialled) ? `+48${dialled}` : dialled}`;
}

const tidy = (value: string) => value.replace(/\s+/g, ' ').trim();

const digitsChecksum = (digits: string, weights: readonly number[]) =>
  weights.reduce((sum, weight, i) => sum + weight * Number(digits[i]), 0) % 11;

/** Whether 10 digits are a NIP: weights 6,5,7,2,3,4,5,6,7, sum mod 11 is the last digit (10 is never issued). */
export function isValidNip(digits: string): boolean {
  if (!/^\d{10}$/.test(digits)) return false;
  return digitsChecksum(digits, [6, 5, 7, 2, 3, 4, 5, 6, 7]) === Number(digits[9]);
}

/** Whether 9 or 14 digits are a REGON (GUS checksums, mod 11 with 10 counting as 0). */
export function isValidRegon(digits: string): boolean {
  const check = (length: number, weights: readonly number[]) =>
    digitsChecksum(digits, weights) % 10 === Number(digits[length - 1]);
  if (/^\d{9}$/.test(digits)) return check(9, [8, 9, 2, 3, 4, 5, 6, 7]);
  // A 14-digit REGON is a local unit: its first 9 digits are its owner's REGON.
  if (/^\d{14}$/.test(digits)) {
    return isValidRegon(digits.slice(0, 9)) && check(14, [2, 4, 8, 5, 0, 9, 7, 3, 6, 1, 2, 4, 8]);
  }
  return false;
}

const EMAIL = /^[^\s@<>()[\]",;:]+@[^\s@<>()[\]",;:]+\.[A-Za-z]{2,}$/;

/** A phone number: +48 and 9 digits, 9 digits (Polish), or + and 7–15 digits (international). */
function isValidPhone(phone: string): boolean {
  if (!/^[\d\s+()./-]+$/.test(phone)) return false;
  const dialled = phone.replace(/[^\d+]/g, '').replace(/^00/, '+');
  if (dialled.startsWith('+48')) return /^\+48\d{9}$/.test(dialled);
  return /^\d{9}$/.test(dialled) || /^\+[1-9]\d{6,14}$/.test(dialled);
}

const LONGEST_TEXT = 200;

/** A detail as shown, or why the typed value is refused (English, for the start-up line). */
type Parsed = { value: string } | { problem: string };

function parseText(raw: string): Parsed {
  const value = tidy(raw);
  if (!value) return { problem: 'must not be empty' };
  if (value.length > LONGEST_TEXT) return { problem: `at most ${LONGEST_TEXT} characters` };
  if (value.includes('[uzupełnij')) return { problem: 'still holds the placeholder' };
  return { value };
}

const PARSERS: Record<StudioField, (raw: string) => Parsed> = {
  name: parseText,
  address(raw) {
    const parsed = parseText(raw);
    if ('problem' in parsed) return parsed;
    if (!/\b\d{2}-\d{3}\b/.test(parsed.value)) {
      return {
        problem:
          'must hold the street, the postal code (NN-NNN) and the town, e.g. "ul. Długa 5, 31-147 Kraków"',
      };
    }
    return parsed;
  },
  nip(raw) {
    const digits = raw.replace(/^\s*PL/i, '').replace(/[\s-]/g, '');
    if (!/^\d{10}$/.test(digits))
      return { problem: 'must be 10 digits (dashes and spaces allowed)' };
    if (!isValidNip(digits)) return { problem: 'checksum does not match (a mistyped digit?)' };
    return { value: digits };
  },
  regon(raw) {
    const digits = raw.replace(/[\s-]/g, '');
    if (!/^(\d{9}|\d{14})$/.test(digits)) return { problem: 'must be 9 or 14 digits' };
    if (!isValidRegon(digits)) return { problem: 'checksum does not match (a mistyped digit?)' };
    return { value: digits };
  },
  email(raw) {
    const value = raw.trim();
    if (value.length > 254 || !EMAIL.test(value)) {
      return { problem: 'must be an e-mail address such as kontakt@studio.pl' };
    }
    return { value };
  },
  phone(raw) {
    const value = tidy(raw);
    if (!isValidPhone(value)) {
      return {
        problem:
          'must be a phone number such as +48 12 345 67 89 (or 9 digits, or + and the country code)',
      };
    }
    return { value };
  },
};

/**
 * The details from the `STUDIO_*` variables of `env`. An unset one is an error
 * when `required` (production), else its placeholder; a set one must be valid
 * everywhere. Returns the details, or one line naming the first bad variable.
 */
export function studioDetailsFromEnv(
  env: Record<string, string | undefined>,
  required: boolean,
): { details: StudioDetails } | { problem: string } {
  const details = { ...STUDIO_PLACEHOLDERS };
  for (const field of STUDIO_FIELDS) {
    const variable = STUDIO_VARIABLES[field];
    const raw = env[variable];
    if (raw === undefined || raw.trim() === '') {
      if (required) {
        return {
          problem: `Invalid ${variable}: required when NODE_ENV=production (the studio's details are shown on every page)`,
        };
      }
      continue;
    }
    const parsed = PARSERS[field](raw);
    if ('problem' in parsed) return { problem: `Invalid ${variable}: ${parsed.problem}` };
    details[field] = parsed.value;
  }
  return { details };
}
