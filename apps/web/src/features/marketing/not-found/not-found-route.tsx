import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { pageMeta } from '~/lib/page-meta';
import { GlitchText } from './components/glitch-text';

export function meta() {
  return pageMeta({
    title: 'Nie znaleziono strony (404)',
    description: 'Strona, której szukasz, nie istnieje lub została przeniesiona.',
    path: '/404',
    noIndex: true,
  });
}

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  // The HTML is prerendered once for every unknown path, so the path itself is
  // filled in only after hydration.
  const [shownPath, setShownPath] = useState<string | null>(null);
  useEffect(() => setShownPath(pathname), [pathname]);

  return (
    <main className="relative mx-auto flex min-h-dvh max-w-3xl flex-col items-center justify-center px-4 pt-24 pb-16 text-center sm:px-6">
      <h1 className="select-none text-[8rem] leading-none font-black tracking-tighter text-slate-900 sm:text-[12rem] dark:text-white">
        <GlitchText text="404" className="cursor-target" />
        <span className="sr-only"> — nie znaleziono strony</span>
      </h1>
      <p className="mt-6 text-2xl font-semibold text-slate-900 dark:text-white">
        Nie znaleziono strony
      </p>
      <p className="mt-3 max-w-xl text-base text-slate-700 dark:text-slate-300" data-not-found-path>
        {shownPath ? (
          <>
            Strona pod adresem{' '}
            <code className="rounded bg-slate-900/10 px-1.5 py-0.5 font-mono text-sm break-all dark:bg-white/10">
              {shownPath}
            </code>{' '}
            nie istnieje lub została przeniesiona.
          </>
        ) : (
          'Żądana strona nie istnieje lub została przeniesiona.'
        )}
      </p>
      <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
        <Link
          to="/"
          className="cursor-target inline-flex items-center justify-center rounded-full bg-gradient-to-r from-blue-600 to-indigo-600 px-7 py-3 font-semibold text-white shadow-lg shadow-blue-600/30 transition hover:from-blue-500 hover:to-indigo-500"
        >
          Wróć na stronę główną
        </Link>
        <Link
          to="/contact"
          className="cursor-target inline-flex items-center justify-center rounded-full border border-slate-900/15 bg-white/80 px-7 py-3 font-semibold text-slate-900 backdrop-blur transition hover:bg-white dark:border-white/20 dark:bg-white/10 dark:text-white dark:hover:bg-white/20"
        >
          Kontakt
        </Link>
      </div>
    </main>
  );
}
