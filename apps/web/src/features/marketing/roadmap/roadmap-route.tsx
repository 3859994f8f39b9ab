import { Link } from 'react-router';
import {
  ROADMAP_HEADLINE,
  ROADMAP_INTRO,
  ROADMAP_PILLARS,
  ROADMAP_STAGES,
  ROADMAP_STATS,
  ROADMAP_STATUS_LABELS,
  type RoadmapStatus,
} from '~/content/roadmap';
import { pageMeta } from '~/lib/page-meta';
import { CheckIcon, OpenCircleIcon, PillarIcon } from './roadmap-icons';

export function meta() {
  return pageMeta({
    title: 'Nasze Cele',
    description:
      'Roadmapa studia na 2025 rok: co już zrobiliśmy, nad czym pracujemy i co planujemy — etapy, liczby i obszary, na których się koncentrujemy.',
    path: '/roadmap',
  });
}

const STATUS_STYLES: Record<RoadmapStatus, { dot: string; badge: string }> = {
  done: {
    dot: 'bg-emerald-500',
    badge: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-400/15 dark:text-emerald-300',
  },
  'in-progress': {
    dot: 'bg-amber-400',
    badge: 'bg-amber-100 text-amber-900 dark:bg-amber-300/15 dark:text-amber-200',
  },
  planned: {
    dot: 'bg-slate-400 dark:bg-slate-500',
    badge: 'bg-slate-200 text-slate-700 dark:bg-white/10 dark:text-slate-300',
  },
};

const card =
  'rounded-3xl border border-slate-200/80 bg-white/85 shadow-xl shadow-blue-900/5 backdrop-blur dark:border-white/10 dark:bg-slate-900/70 dark:shadow-black/30';

export default function RoadmapRoute() {
  return (
    <main className="mx-auto max-w-6xl px-4 pt-28 pb-20 sm:pt-32">
      <header className="mx-auto max-w-3xl text-center">
        <p className="inline-block rounded-full border border-blue-300/60 bg-blue-50 px-4 py-1 text-sm font-semibold text-blue-800 dark:border-sky-400/30 dark:bg-sky-400/10 dark:text-sky-200">
          Roadmapa • 2025+
        </p>
        <h1 className="mt-5 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
          {ROADMAP_HEADLINE}
        </h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{ROADMAP_INTRO}</p>
        <Link
          to="/contact"
          className="cursor-target mt-7 inline-block rounded-full bg-blue-700 px-6 py-3 font-semibold text-white shadow-lg shadow-blue-700/25 transition hover:bg-blue-600 dark:bg-sky-500 dark:text-slate-950 dark:hover:bg-sky-400"
        >
          Skontaktuj się z nami
        </Link>
      </header>

      <section aria-label="Studio w liczbach" className="mt-14">
        <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
          {ROADMAP_STATS.map((stat) => (
            <li
              key={stat.label}
              data-testid="roadmap-stat"
              className={`${card} p-5 text-center sm:p-6`}
            >
              <p className="bg-gradient-to-r from-blue-700 to-violet-600 bg-clip-text text-4xl font-extrabold text-transparent dark:from-sky-300 dark:to-violet-300">
                {stat.value}
              </p>
              <p className="mt-1 text-sm font-medium text-slate-600 dark:text-slate-300">
                {stat.label}
              </p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="timeline-heading" className="mt-16">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <h2 id="timeline-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
            Etapy rozwoju
          </h2>
          <ul aria-label="Legenda statusów" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
            {(Object.keys(ROADMAP_STATUS_LABELS) as RoadmapStatus[]).map((status) => (
              <li
                key={status}
                className="flex items-center gap-2 text-slate-700 dark:text-slate-300"
              >
                <span
                  aria-hidden="true"
                  className={`h-3 w-3 rounded-full ${STATUS_STYLES[status].dot}`}
                />
                {ROADMAP_STATUS_LABELS[status]}
              </li>
            ))}
          </ul>
        </div>

        <ol className="relative mt-8 space-y-8 border-l-2 border-slate-300 pl-6 sm:pl-10 dark:border-white/15">
          {ROADMAP_STAGES.map((stage) => (
            <li
              key={stage.quarter}
              data-testid="roadmap-stage"
              data-status={stage.status}
              className="relative"
            >
              <span
                aria-hidden="true"
                className={`absolute top-7 -left-[33px] h-4 w-4 rounded-full ring-4 ring-white sm:-left-[49px] dark:ring-slate-950 ${STATUS_STYLES[stage.status].dot}`}
              />
              <article className={`${card} p-6 sm:p-8`}>
                <div className="flex flex-wrap items-center gap-3">
                  <span className="font-mono text-sm font-semibold text-blue-700 dark:text-sky-300">
                    {stage.quarter}
                  </span>
                  <span
                    className={`rounded-full px-3 py-0.5 text-sm font-semibold ${STATUS_STYLES[stage.status].badge}`}
                  >
                    {ROADMAP_STATUS_LABELS[stage.status]}
                  </span>
                </div>
                <h3 className="mt-3 text-xl font-bold text-slate-900 sm:text-2xl dark:text-white">
                  {stage.title}
                </h3>
                <p className="mt-2 text-slate-600 dark:text-slate-300">{stage.summary}</p>
                <ul className="mt-4 space-y-2">
                  {stage.highlights.map((highlight) => (
                    <li
                      key={highlight.text}
                      data-completed={highlight.completed ? 'true' : 'false'}
                      className="flex items-start gap-3"
                    >
                      {highlight.completed ? (
                        <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-emerald-500" />
                      ) : (
                        <OpenCircleIcon className="mt-0.5 h-5 w-5 shrink-0 text-slate-400 dark:text-slate-500" />
                      )}
                      <span
                        className={
                          highlight.completed
                            ? 'text-slate-500 line-through decoration-emerald-500/70 dark:text-slate-400'
                            : 'text-slate-800 dark:text-slate-100'
                        }
                      >
                        {highlight.completed ? <s>{highlight.text}</s> : highlight.text}
                        {highlight.completed && <span className="sr-only"> (zrealizowane)</span>}
                      </span>
                    </li>
                  ))}
                </ul>
              </article>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="pillars-heading" className="mt-16">
        <h2 id="pillars-heading" className="text-2xl font-bold text-slate-900 dark:text-white">
          Obszary koncentracji
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {ROADMAP_PILLARS.map((pillar) => (
            <li key={pillar.title} className={`${card} flex gap-4 p-6`}>
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-gradient-to-br from-blue-600 to-violet-600 text-white">
                <PillarIcon icon={pillar.icon} />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                  {pillar.title}
                </h3>
                <p className="mt-1 text-slate-600 dark:text-slate-300">{pillar.description}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
