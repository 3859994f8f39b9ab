import { Link } from 'react-router';
import { pageMeta } from '~/lib/page-meta';

export function meta() {
  return pageMeta({
    title: 'Nasze Studio — strony internetowe i serwery gier',
    description:
      'Tworzymy szybkie strony internetowe, aplikacje webowe i serwery gier. Czysty kod, krótkie terminy i zespół, który dowozi.',
    path: '/',
  });
}

export default function HomeRoute() {
  return (
    <main className="mx-auto max-w-6xl px-4 pt-32 pb-16">
      <h1 className="text-4xl font-bold">Budujemy oprogramowanie, które działa</h1>
      <Link to="/projects">Zobacz naszą pracę</Link>
      <Link to="/team">Poznaj zespół</Link>
    </main>
  );
}
