// The script fonts are imported here, and only here, so that their CSS and
// files load with this lazily loaded route and nowhere else on the site.
// `400.css` declares each font's subsets with their unicode-range, so the
// browser downloads the Latin Extended file (the Polish letters) only when the
// text needs it. The per-subset files (`latin-400.css`) carry no unicode-range
// and would make every subset a candidate for every letter.
import '@fontsource/herr-von-muellerhoff/400.css';
import '@fontsource/ephesis/400.css';
import '@fontsource/corinthia/400.css';
import '@fontsource/mea-culpa/400.css';
import { pageMeta } from '~/lib/page-meta';
import { SignatureGenerator } from './components/signature-generator';

export function meta() {
  return pageMeta({
    title: 'Generator podpisów',
    description:
      'Stwórz podpis na forum społeczności roleplay: wpisz imię, nazwisko i stopień, wybierz departament i odręczną czcionkę, a potem pobierz gotowy obraz PNG 750×340.',
    path: '/podpisy',
  });
}

export default function SignaturesRoute() {
  return (
    <main className="mx-auto w-full max-w-7xl px-4 pt-28 pb-16 sm:px-6 lg:px-8">
      <header className="mb-8 max-w-2xl">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          Generator podpisów
        </h1>
        <p className="mt-3 text-base text-slate-600 sm:text-lg dark:text-slate-300">
          Wpisz imię i nazwisko oraz stopień, wybierz departament i krój pisma. Podgląd zmienia się
          na bieżąco, a gotowy podpis pobierzesz jako plik PNG.
        </p>
      </header>
      <SignatureGenerator />
    </main>
  );
}
