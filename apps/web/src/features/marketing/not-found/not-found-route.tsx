import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { pageMeta } from '~/lib/page-meta';

export function meta() {
  return pageMeta({
    title: 'Nie znaleziono strony',
    description: 'Strona, której szukasz, nie istnieje lub została przeniesiona.',
    path: '/404',
    noIndex: true,
  });
}

export default function NotFoundRoute() {
  const { pathname } = useLocation();
  // The HTML is prerendered once for every unknown path, so the path is shown only after hydration.
  const [shownPath, setShownPath] = useState<string | null>(null);
  useEffect(() => setShownPath(pathname), [pathname]);
  return (
    <main className="mx-auto max-w-3xl px-4 pt-32 pb-16 text-center">
      <h1 className="text-7xl font-black">404</h1>
      <p>Nie znaleziono strony {shownPath}.</p>
      <Link to="/">Wróć na stronę główną</Link>
      <Link to="/contact">Kontakt</Link>
    </main>
  );
}
