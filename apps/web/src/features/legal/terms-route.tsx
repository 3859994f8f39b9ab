import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import {
  DEFAULT_LEGAL_KEY,
  LEGAL_DOCUMENTS,
  LEGAL_MENU,
  type LegalDocument,
  type LegalKey,
  legalKeyFromHash,
} from '~/content/legal';
import { pageMeta } from '~/lib/page-meta';
import { LegalCompanyDetails } from './legal-company-details';

export function meta() {
  return pageMeta({
    title: 'Regulamin i dokumenty',
    description:
      'Umowa z twórcą, polityka prywatności, polityka cookies, zasady użytkowania i zasady współpracy z organami ścigania naszego studia.',
    path: '/terms-and-conditions',
  });
}

function DocumentBody({ doc }: { doc: LegalDocument }) {
  if (!doc.body) {
    return (
      <div
        data-testid="legal-placeholder"
        className="mt-6 rounded-2xl border border-dashed border-amber-400/70 bg-amber-50 p-6 text-amber-950 dark:border-amber-300/40 dark:bg-amber-300/10 dark:text-amber-100"
      >
        <p className="text-lg font-semibold">Dokument w przygotowaniu</p>
        <p className="mt-2">
          Pracujemy nad treścią tego dokumentu i opublikujemy ją wkrótce. Jeśli masz pytania w tej
          sprawie, napisz do nas przez{' '}
          <Link to="/contact" className="cursor-target font-semibold underline underline-offset-2">
            Kontakt
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <>
      <p className="mt-2 text-sm text-slate-500 dark:text-slate-400">
        Ostatnia aktualizacja: {doc.body.updated}
      </p>
      <p className="mt-5 text-slate-700 dark:text-slate-200">{doc.body.intro}</p>
      {doc.body.sections.map((section) => (
        <section key={section.heading} className="mt-8">
          <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
            {section.heading}
          </h3>
          {section.paragraphs?.map((paragraph) => (
            <p key={paragraph} className="mt-3 text-slate-700 dark:text-slate-300">
              {paragraph}
            </p>
          ))}
          {section.items && (
            <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700 marker:text-blue-600 dark:text-slate-300 dark:marker:text-sky-400">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </>
  );
}

export default function TermsRoute() {
  // The router's location covers both ways the hash changes: a plain '#key' link or
  // history step (popstate/hashchange) and a <Link> to '/terms-and-conditions#key' from
  // the header, which uses pushState and fires no hashchange event.
  const { hash } = useLocation();
  // The prerendered page shows the default document; the hash counts only after
  // hydration so the first client render matches that HTML.
  const [hashRead, setHashRead] = useState(false);
  useEffect(() => setHashRead(true), []);
  const key: LegalKey = hashRead ? legalKeyFromHash(hash) : DEFAULT_LEGAL_KEY;

  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownHash = useRef<string | null>(null);
  useEffect(() => {
    if (!hashRead) return;
    if (shownHash.current !== null && shownHash.current !== hash) {
      // Move focus to the newly shown document so keyboard and screen reader users land on it.
      headingRef.current?.focus({ preventScroll: true });
      headingRef.current?.scrollIntoView({ block: 'nearest' });
    }
    shownHash.current = hash;
  }, [hashRead, hash]);

  const doc = LEGAL_DOCUMENTS[key];

  return (
    <main className="mx-auto max-w-6xl px-4 pt-28 pb-20 sm:pt-32">
      <h1 className="text-center text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
        Regulamin i dokumenty
      </h1>
      <div className="mt-10 grid gap-8 lg:grid-cols-[260px_minmax(0,1fr)]">
        <div className="lg:sticky lg:top-28 lg:self-start">
          <nav aria-label="Dokumenty">
            <ul className="flex flex-col gap-1 rounded-3xl border border-slate-200/80 bg-white/85 p-3 shadow-lg backdrop-blur dark:border-white/10 dark:bg-slate-900/70">
              {LEGAL_MENU.map((menuKey) => {
                const isCurrent = menuKey === key;
                return (
                  <li key={menuKey}>
                    <a
                      href={`#${menuKey}`}
                      aria-current={isCurrent ? 'page' : undefined}
                      className={`cursor-target block rounded-xl px-4 py-2.5 font-medium transition ${
                        isCurrent
                          ? 'bg-blue-700 text-white dark:bg-sky-500 dark:text-slate-950'
                          : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-white/10'
                      }`}
                    >
                      {LEGAL_DOCUMENTS[menuKey].label}
                    </a>
                  </li>
                );
              })}
            </ul>
          </nav>
          <LegalCompanyDetails />
        </div>
        <article
          aria-labelledby="legal-title"
          data-testid="legal-document"
          data-document={key}
          data-hash-read={hashRead ? 'true' : 'false'}
          className="min-w-0 rounded-3xl border border-slate-200/80 bg-white/90 p-6 shadow-xl backdrop-blur sm:p-10 dark:border-white/10 dark:bg-slate-900/75"
        >
          <h2
            id="legal-title"
            ref={headingRef}
            tabIndex={-1}
            className="text-2xl font-bold text-slate-900 outline-none sm:text-3xl dark:text-white"
          >
            {doc.title}
          </h2>
          <DocumentBody doc={doc} />
        </article>
      </div>
    </main>
  );
}
