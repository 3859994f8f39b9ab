import { Link } from 'react-router';
import { Carousel } from '~/components/carousel';
import { PROJECTS } from '~/content/projects';
import { pageMeta } from '~/lib/page-meta';
import { ProjectSlide } from './project-slide';

export function meta() {
  return pageMeta({
    title: 'Nasze projekty',
    description:
      'Strony internetowe, aplikacje, własny język programowania i serwery FiveM — zobacz projekty, które zbudowaliśmy i nad którymi właśnie pracujemy.',
    path: '/projects',
  });
}

export default function ProjectsRoute() {
  return (
    <main className="mx-auto max-w-[1232px] px-4 pt-28 pb-20 sm:pt-32">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="bg-gradient-to-r from-blue-700 via-indigo-600 to-violet-600 bg-clip-text text-4xl font-extrabold tracking-tight text-transparent sm:text-5xl dark:from-sky-300 dark:via-indigo-300 dark:to-violet-300">
          Nasze projekty
        </h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          Od stron i aplikacji webowych po język programowania i serwery gier. Przeciągnij, przesuń
          palcem albo użyj strzałek, aby przejrzeć projekty.
        </p>
      </header>

      <Carousel
        className="mt-10"
        ariaLabel="Projekty studia"
        items={PROJECTS}
        getKey={(project) => project.id}
        getLabel={(project) => project.title}
        renderItem={(project, index) => <ProjectSlide project={project} isFirst={index === 0} />}
      />

      <section
        aria-labelledby="new-project-heading"
        className="mx-auto mt-16 max-w-2xl rounded-3xl border border-slate-200/80 bg-white/80 p-8 text-center shadow-xl backdrop-blur dark:border-white/10 dark:bg-slate-900/70"
      >
        <h2 id="new-project-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          Masz projekt w głowie?
        </h2>
        <p className="mt-3 text-slate-600 dark:text-slate-300">
          Opisz nam swój pomysł — odpowiemy z propozycją zakresu, terminu i wyceny.
        </p>
        <Link
          to="/contact"
          className="cursor-target mt-6 inline-block rounded-full bg-blue-700 px-6 py-3 font-semibold text-white shadow-lg shadow-blue-700/25 transition hover:bg-blue-600 dark:bg-sky-500 dark:text-slate-950 dark:hover:bg-sky-400"
        >
          Zacznij nowy projekt
        </Link>
      </section>
    </main>
  );
}
