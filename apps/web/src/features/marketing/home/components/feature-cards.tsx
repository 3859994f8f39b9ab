import type { ReactNode } from 'react';
import { HoverTiltCard } from '~/components/hover-tilt-card';

interface Feature {
  title: string;
  text: string;
  icon: ReactNode;
}

const iconProps = {
  viewBox: '0 0 24 24',
  className: 'size-6',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

const FEATURES: readonly Feature[] = [
  {
    title: 'Czysty kod',
    text: 'Piszemy czytelny, przetestowany kod w TypeScripcie, który łatwo rozwijać także długo po zakończeniu projektu.',
    icon: (
      <svg aria-hidden="true" {...iconProps}>
        <path d="m8 9-4 3 4 3M16 9l4 3-4 3M13.5 5l-3 14" />
      </svg>
    ),
  },
  {
    title: 'Szybka realizacja',
    text: 'Pracujemy w krótkich etapach i co tydzień pokazujemy postęp, więc zawsze wiesz, na czym stoi Twój projekt.',
    icon: (
      <svg aria-hidden="true" {...iconProps}>
        <path d="M13 2 4 14h7l-1 8 9-12h-7z" />
      </svg>
    ),
  },
  {
    title: 'Duch zespołu',
    text: 'Działamy jak część Twojej firmy: słuchamy, doradzamy i bierzemy odpowiedzialność za wynik, a nie tylko za zadania.',
    icon: (
      <svg aria-hidden="true" {...iconProps}>
        <circle cx="9" cy="8" r="3.2" />
        <path d="M3 20c.6-3.4 3-5.5 6-5.5s5.4 2.1 6 5.5M16 4.8a3.2 3.2 0 0 1 0 6.4M18 14.8c1.6.7 2.7 2.5 3 5.2" />
      </svg>
    ),
  },
];

/** The three selling points under the hero; they tilt toward the mouse (SPEC §2, §9). */
export function FeatureCards() {
  return (
    <ul className="grid gap-5 md:grid-cols-3">
      {FEATURES.map((feature) => (
        <li key={feature.title}>
          <HoverTiltCard hoverScale={1.07} maxTilt={10} perspective={800} className="h-full">
            <article className="cursor-target h-full rounded-2xl border border-slate-900/10 bg-white/80 p-6 shadow-xl shadow-blue-900/5 backdrop-blur-md dark:border-white/10 dark:bg-slate-900/70 dark:shadow-black/30">
              <span className="mb-4 inline-flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-blue-600 to-indigo-600 text-white shadow-lg shadow-blue-600/30">
                {feature.icon}
              </span>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                {feature.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-700 dark:text-slate-300">
                {feature.text}
              </p>
            </article>
          </HoverTiltCard>
        </li>
      ))}
    </ul>
  );
}
