import { useState } from 'react';
import { LogoLoop } from '~/components/logo-loop';
import { TECH_LOGOS } from '~/content/logos';
import { TEAM, type TeamMember } from '~/content/team';
// Always a file of its own, never inlined as data: see scripts/tech-logo-sprite.ts.
import techLogoSprite from '~/content/tech-logos.svg?no-inline';
import { pageMeta } from '~/lib/page-meta';
import { MemberCard } from './member-card';
import { MemberDialog } from './member-dialog';

export function meta() {
  return pageMeta({
    title: 'Nasz Zespół',
    description:
      'Poznaj ludzi, którzy projektują i programują nasze strony, aplikacje i serwery gier: doświadczony full-stack developer i projektantka UI/UX.',
    path: '/team',
  });
}

export default function TeamRoute() {
  const [selected, setSelected] = useState<TeamMember | null>(null);
  return (
    <main className="mx-auto max-w-6xl px-4 pt-28 pb-20 sm:pt-32">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="bg-gradient-to-r from-blue-700 via-indigo-600 to-violet-600 bg-clip-text text-4xl font-extrabold tracking-tight text-transparent sm:text-5xl dark:from-sky-300 dark:via-indigo-300 dark:to-violet-300">
          Nasz Zespół
        </h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          Jesteśmy małym zespołem, w którym każdy projekt prowadzą ci sami ludzie — od pierwszego
          szkicu, przez kod, po wdrożenie i opiekę.
        </p>
      </header>

      <ul className="mt-12 grid gap-8 md:grid-cols-2">
        {TEAM.map((member) => (
          <li key={member.slug}>
            <MemberCard member={member} onOpenProfile={setSelected} />
          </li>
        ))}
      </ul>

      <section aria-labelledby="tech-heading" className="mt-20">
        <h2
          id="tech-heading"
          className="text-center text-2xl font-bold text-slate-900 dark:text-white"
        >
          Technologie, z którymi pracujemy
        </h2>
        <LogoLoop
          logos={TECH_LOGOS}
          iconSprite={techLogoSprite}
          speed={90}
          gap={40}
          logoHeight={32}
          className="mt-6"
        />
      </section>

      <MemberDialog member={selected} onClose={() => setSelected(null)} />
    </main>
  );
}
