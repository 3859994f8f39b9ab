import { STUDIO_FIELDS } from '@studio/shared/studio-details';
import type { ReactNode } from 'react';
import { COMPANY, phoneHref, studioMetaName } from '~/content/company';

const linkClass =
  'cursor-target font-medium text-blue-700 underline decoration-blue-700/40 underline-offset-4 hover:decoration-blue-700 dark:text-sky-300 dark:decoration-sky-300/40 dark:hover:decoration-sky-300';

/**
 * The studio's details (content/company.ts) as a description list: used in
 * the footer, on /contact and in the legal documents. `compact` sets the
 * identifiers on one line for the footer. The address is one line as the
 * studio typed it (STUDIO_ADDRESS, e.g. „ul. Długa 5, 31-147 Kraków”).
 */
export function CompanyDetailsList({ compact = false }: { compact?: boolean }) {
  const rows: Array<[string, ReactNode]> = [
    ['Adres', COMPANY.address],
    ['NIP', COMPANY.nip],
    ['REGON', COMPANY.regon],
    ...(COMPANY.krs ? [['KRS', COMPANY.krs] as [string, ReactNode]] : []),
    [
      'E-mail',
      <a key="email" href={`mailto:${COMPANY.email}`} className={linkClass}>
        {COMPANY.email}
      </a>,
    ],
    [
      'Telefon',
      <a key="phone" href={phoneHref(COMPANY.phone)} className={linkClass}>
        {COMPANY.phone}
      </a>,
    ],
  ];
  return (
    <dl
      className={
        compact
          ? 'grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3'
          : 'grid gap-x-4 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]'
      }
    >
      {rows.map(([label, value]) => (
        <div key={label} className={compact ? 'flex min-w-0 flex-wrap gap-x-1' : 'contents'}>
          <dt className="font-medium text-slate-600 dark:text-slate-400">
            {label}
            {compact ? ':' : ''}
          </dt>
          <dd className="min-w-0 break-words text-slate-800 dark:text-slate-200">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The details' meta tags in every page's head (root.tsx): the server fills
 * them in with the rest of the page, and content/company.ts reads them back in
 * the browser.
 */
export function StudioDetailsMeta() {
  return STUDIO_FIELDS.map((field) => (
    <meta key={field} name={studioMetaName(field)} content={COMPANY[field]} />
  ));
}
