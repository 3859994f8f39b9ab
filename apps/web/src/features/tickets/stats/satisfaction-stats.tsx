import type { StatsAnswer } from '@studio/shared/staff';
import type { ReactNode } from 'react';
import { panelClass } from '../components/styles';
import { RATING_LABELS } from '../ratings/rating-labels';
import { durationOrNone } from './response-times';

const cell = 'py-1 pr-3';
const number = 'py-1 pr-3 text-right tabular-nums';
const headRow = 'border-b border-slate-300 dark:border-white/15';
const bodyRow = 'border-b border-slate-200 dark:border-white/10';

export function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`${panelClass} flex flex-col gap-3 p-4`}>
      <h2 id={id} className="text-lg font-semibold text-slate-900 dark:text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

function SatisfactionTable({ counts }: { counts: StatsAnswer['satisfaction'] }) {
  const total = counts.good + counts.neutral + counts.bad;
  if (total === 0) {
    return (
      <p className="text-slate-700 dark:text-slate-300">W tym czasie nikt nie ocenił pomocy.</p>
    );
  }
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="sr-only">Oceny pomocy</caption>
      <thead>
        <tr className={headRow}>
          <th scope="col" className={cell}>
            Ocena
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Liczba
          </th>
          <th scope="col" className={`${cell} text-right`}>
            Udział
          </th>
        </tr>
      </thead>
      <tbody>
        {(['good', 'neutral', 'bad'] as const).map((score) => (
          <tr key={score} className={bodyRow}>
            <th scope="row" className={`${cell} font-normal`}>
              {RATING_LABELS[score]}
            </th>
            <td className={number} data-testid={`satisfaction-${score}`}>
              {counts[score]}
            </td>
            <td className={number}>{Math.round((counts[score] / total) * 100)}%</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AgentsTable({ agents }: { agents: StatsAnswer['per_agent'] }) {
  if (agents.length === 0) {
    return <p className="text-slate-700 dark:text-slate-300">Brak osób z zespołu.</p>;
  }
  return (
    <section
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (axe scrollable-region-focusable)
      tabIndex={0}
      aria-label="Praca zespołu, przewijana w poziomie"
      className="overflow-x-auto"
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Praca zespołu</caption>
        <thead>
          <tr className={headRow}>
            <th scope="col" className={cell}>
              Osoba
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Odpowiedzi
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Zamknięte
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Pierwsza odpowiedź — mediana
            </th>
            <th scope="col" className={`${cell} text-right`}>
              Rozwiązanie — mediana
            </th>
          </tr>
        </thead>
        <tbody>
          {agents.map((agent) => (
            <tr key={agent.id} className={bodyRow}>
              <th scope="row" className={`${cell} font-normal`}>
                {agent.username}
              </th>
              <td className={number}>{agent.replies}</td>
              <td className={number}>{agent.closed}</td>
              <td className={number}>{durationOrNone(agent.first_response_seconds.p50)}</td>
              <td className={number}>{durationOrNone(agent.resolution_seconds.p50)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Ratings and each staff member's figures (DESIGN.md §7.9) as plain tables,
 * for the period the page shows.
 */
export function SatisfactionStats({ stats }: { stats: StatsAnswer }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Section id="satisfaction-title" title="Oceny pomocy">
        <SatisfactionTable counts={stats.satisfaction} />
      </Section>
      <div className="min-w-0 lg:col-span-2">
        <Section id="agents-title" title="Zespół">
          <AgentsTable agents={stats.per_agent} />
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Odpowiedzi to publiczne wiadomości do klientów (bez notatek); zamknięte to zgłoszenia
            przypisane do tej osoby w chwili zamknięcia. Czasy kalendarzowe.
          </p>
        </Section>
      </div>
    </div>
  );
}
