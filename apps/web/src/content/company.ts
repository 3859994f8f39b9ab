/**
 * The studio's business details, in ONE place: the footer of every page,
 * /contact and the legal documents read them from here (Polish law requires a
 * business website to show them). Values in square brackets are placeholders
 * the studio still has to fill in; `isPlaceholder` finds them, so a test can
 * list what is left before going live.
 */
export interface CompanyDetails {
  /** Full registered name of the business. */
  name: string;
  street: string;
  postalCode: string;
  city: string;
  nip: string;
  regon: string;
  /** KRS number for a company; a sole trader is in CEIDG instead (say so here). */
  krs: string;
  email: string;
  /** As dialled, with the country code: also the `tel:` link. */
  phone: string;
}

export const COMPANY: CompanyDetails = {
  name: 'Nasze Studio [uzupełnij pełną nazwę firmy]',
  street: '[uzupełnij ulicę i numer]',
  postalCode: '[00-000]',
  city: '[uzupełnij miejscowość]',
  nip: '[uzupełnij NIP]',
  regon: '[uzupełnij REGON]',
  krs: '[uzupełnij KRS lub „wpis do CEIDG”]',
  email: 'kontakt@example.com',
  phone: '+48 000 000 000',
};

/** Whether a value is still a placeholder (in square brackets, or an example address or number). */
export function isPlaceholder(value: string): boolean {
  return /\[.*\]/.test(value) || value.endsWith('@example.com') || value === '+48 000 000 000';
}

/** One-line address, as printed in the footer and documents. */
export function companyAddress(company: CompanyDetails = COMPANY): string {
  return `${company.street}, ${company.postalCode} ${company.city}`;
}

/** The `tel:` link of a phone number (digits and a leading +, nothing else). */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
