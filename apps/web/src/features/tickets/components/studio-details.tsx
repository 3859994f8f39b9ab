import { CompanyDetailsList } from '~/components/company-details';
import { COMPANY } from '~/content/company';
import { panelClass } from './styles';

/** The studio's details on /contact, for those who prefer e-mail or the phone. */
export function StudioDetails() {
  return (
    <section
      aria-labelledby="studio-details-title"
      className={`${panelClass} mx-auto max-w-lg p-6 sm:p-8`}
    >
      <h2 id="studio-details-title" className="text-xl font-bold text-slate-900 dark:text-white">
        Dane studia
      </h2>
      <p className="mt-1 mb-4 font-medium text-slate-800 dark:text-slate-200">{COMPANY.name}</p>
      <CompanyDetailsList />
    </section>
  );
}
