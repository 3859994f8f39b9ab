import { CompanyDetailsList } from '~/components/company-details';
import { COMPANY } from '~/content/company';

/**
 * Who the documents' „Studio” is: the business details every document refers
 * to (content/company.ts), beside the list of documents.
 */
export function LegalCompanyDetails() {
  return (
    <section
      aria-labelledby="legal-company-title"
      className="mt-4 rounded-3xl border border-slate-200/80 bg-white/85 p-5 text-sm shadow-lg backdrop-blur dark:border-white/10 dark:bg-slate-900/70"
    >
      <h2 id="legal-company-title" className="font-semibold text-slate-900 dark:text-white">
        Usługodawca
      </h2>
      <p className="mt-1 mb-3 text-slate-800 dark:text-slate-200">{COMPANY.name}</p>
      <CompanyDetailsList />
    </section>
  );
}
