// The script fonts are imported here, and only here, so that their CSS and
// files load with this lazily loaded route and nowhere else on the site. The
// Latin Extended subsets carry the Polish letters (ą, ć, ę, ł, ń, ó, ś, ź, ż).
import '@fontsource/herr-von-muellerhoff/latin-400.css';
import '@fontsource/herr-von-muellerhoff/latin-ext-400.css';
import '@fontsource/ephesis/latin-400.css';
import '@fontsource/ephesis/latin-ext-400.css';
import '@fontsource/corinthia/latin-400.css';
import '@fontsource/corinthia/latin-ext-400.css';
import '@fontsource/mea-culpa/latin-400.css';
import '@fontsource/mea-culpa/latin-ext-400.css';
import { SignatureGenerator } from './components/signature-generator';

export function meta() {
  return [
    { title: 'Generator podpisów' },
    {
      name: 'description',
      content:
        'Stwórz podpis do forum społeczności roleplay: wpisz imię, nazwisko i stopień, wybierz departament i odręczną czcionkę, a potem pobierz gotowy obraz PNG 750×340.',
    },
  ];
}

export default function SignaturesRoute() {
  return (
    <main className="mx-auto w-full max-w-6xl px-4 pt-28 pb-16 sm:px-6 lg:px-8">
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
