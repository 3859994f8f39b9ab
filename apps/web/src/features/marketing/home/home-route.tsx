import { Link } from 'react-router';
import { pageMeta } from '~/lib/page-meta';
import { FeatureCards } from './components/feature-cards';
import { ImageStrips } from './components/image-strips';
import { STRIP_BOOT_SCRIPT } from './strip-boot';

export function meta() {
  return pageMeta({
    title: 'Nasze Studio — strony internetowe, aplikacje i serwery gier',
    description:
      'Projektujemy i budujemy szybkie strony internetowe, aplikacje webowe i serwery gier. Czysty kod, krótkie terminy i zespół, który dowozi.',
    path: '/',
  });
}

export default function HomeRoute() {
  return (
    <main className="relative overflow-hidden">
      <ImageStrips />
      {/* Chooses, preloads and writes the strips while the HTML is parsed (strip-boot.ts). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: constant script, allowed by CSP hash */}
      <script dangerouslySetInnerHTML={{ __html: STRIP_BOOT_SCRIPT }} />
      {/* Keeps the hero text readable over the moving images in both themes. */}
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[120vh] bg-gradient-to-b from-[#f1f5fb]/50 via-[#f1f5fb]/80 to-[#f1f5fb] dark:from-[#050a18]/40 dark:via-[#050a18]/78 dark:to-[#050a18]/95"
      />
      <section
        aria-labelledby="hero-title"
        className="relative mx-auto flex min-h-[88dvh] max-w-6xl flex-col items-center justify-center px-4 pt-28 pb-12 text-center sm:px-6"
      >
        <p className="mb-5 inline-flex items-center gap-2 rounded-full border border-blue-600/20 bg-white/70 px-4 py-1.5 text-sm font-medium text-blue-800 backdrop-blur dark:border-blue-300/20 dark:bg-slate-900/60 dark:text-blue-200">
          <span aria-hidden="true" className="size-2 rounded-full bg-emerald-500" />
          Studio programistyczne · strony, aplikacje i serwery gier
        </p>
        <h1
          id="hero-title"
          className="max-w-4xl text-4xl font-extrabold tracking-tight text-balance text-slate-950 sm:text-6xl dark:text-white"
        >
          Tworzymy oprogramowanie,{' '}
          <span className="bg-gradient-to-r from-blue-600 via-indigo-500 to-cyan-500 bg-clip-text text-transparent dark:from-blue-300 dark:via-indigo-300 dark:to-cyan-300">
            które po prostu działa
          </span>
        </h1>
        <p className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-slate-700 sm:text-xl dark:text-slate-200">
          Projektujemy i budujemy szybkie strony internetowe, aplikacje webowe i serwery gier. Mały
          zespół, bezpośredni kontakt i kod, który możesz spokojnie rozwijać przez lata.
        </p>
        <div className="mt-10 flex w-full flex-col justify-center gap-3 sm:w-auto sm:flex-row">
          <Link
            to="/projects"
            className="cursor-target inline-flex items-center justify-center rounded-full bg-gradient-to-r from-blue-600 to-indigo-600 px-7 py-3 text-base font-semibold text-white shadow-lg shadow-blue-600/30 transition hover:from-blue-500 hover:to-indigo-500"
          >
            Zobacz naszą pracę
          </Link>
          <Link
            to="/team"
            className="cursor-target inline-flex items-center justify-center rounded-full border border-slate-900/15 bg-white/80 px-7 py-3 text-base font-semibold text-slate-900 backdrop-blur transition hover:bg-white dark:border-white/20 dark:bg-white/10 dark:text-white dark:hover:bg-white/20"
          >
            Poznaj zespół
          </Link>
        </div>
      </section>
      <section
        aria-labelledby="features-title"
        className="relative mx-auto max-w-6xl px-4 pb-24 sm:px-6"
      >
        <h2 id="features-title" className="sr-only">
          Dlaczego my
        </h2>
        <FeatureCards />
      </section>
    </main>
  );
}
