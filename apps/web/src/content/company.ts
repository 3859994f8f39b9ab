import {
  STUDIO_FIELDS,
  STUDIO_PLACEHOLDERS,
  type StudioDetails,
  type StudioField,
} from '@studio/shared/studio-details';

export { phoneHref } from '@studio/shared/studio-details';

/**
 * The studio's business details, in ONE place: the footer of every page,
 * /contact and the legal documents read them from here (Polish law requires a
 * business website to show them). They come from the server's `STUDIO_*`
 * variables (DESIGN.md §7.10), so one build serves any studio:
 * - the prerender (no `document`) writes the placeholders of
 *   packages/shared/src/studio-details.ts, and the server replaces them in
 *   every page it sends (apps/server/src/plugins/page-html.ts), the
 *   `studio-*` meta tags of root.tsx included;
 * - the browser reads the values back from those meta tags before the first
 *   render, so hydration and the pages rendered later show the same values.
 * In development an unset variable stays its marked placeholder („[uzupełnij …]”).
 */
export interface CompanyDetails extends StudioDetails {
  /**
   * KRS number of a company registered in KRS. DESIGN.md has no variable for it
   * (the `STUDIO_*` six fit a sole trader, who is in CEIDG): null leaves it out
   * everywhere; a company writes its number in KRS_NUMBER below.
   */
  krs: string | null;
}

const KRS_NUMBER: string | null = null;

/** The name of the meta tag that carries a detail to the browser. */
export const studioMetaName = (field: StudioField) => `studio-${field}`;

function detailsOfThisPage(): StudioDetails {
  if (typeof document === 'undefined') return STUDIO_PLACEHOLDERS;
  const details = { ...STUDIO_PLACEHOLDERS };
  for (const field of STUDIO_FIELDS) {
    const value = document
      .querySelector(`meta[name="${studioMetaName(field)}"]`)
      ?.getAttribute('content');
    if (value) details[field] = value;
  }
  return details;
}

export const COMPANY: CompanyDetails = { ...detailsOfThisPage(), krs: KRS_NUMBER };

/** Whether a value is still a placeholder (development without the `STUDIO_*` variables). */
export function isPlaceholder(value: string): boolean {
  return /\[uzupełnij/.test(value) || Object.values(STUDIO_PLACEHOLDERS).includes(value);
}
