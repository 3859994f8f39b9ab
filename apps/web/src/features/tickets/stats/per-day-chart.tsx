import { useId } from 'react';
import { chartLayout, type DayCounts, shortDay } from '../lib/stats-chart';

const WIDTH = 600;
const HEIGHT = 180;
const LEFT = 32;
const BOTTOM = 24;
const TOP = 8;

const barClass = {
  created: 'fill-blue-600 dark:fill-blue-400',
  closed: 'fill-emerald-600 dark:fill-emerald-400',
};

/**
 * Tickets created and closed per day, drawn by hand in SVG. The picture is
 * one image with a title and a summary for screen readers; the exact numbers
 * are in the table beside it (StatsTable), which is the accessible version.
 */
export function PerDayChart({ days }: { days: readonly DayCounts[] }) {
  const titleId = useId();
  const descId = useId();
  const layout = chartLayout(days, WIDTH - LEFT, HEIGHT - BOTTOM - TOP);
  const created = days.reduce((sum, d) => sum + d.created, 0);
  const closed = days.reduce((sum, d) => sum + d.closed, 0);
  const first = days[0];
  const last = days[days.length - 1];
  const scaleY = (value: number) =>
    TOP + (HEIGHT - BOTTOM - TOP) * (1 - value / Math.max(1, layout.max));

  return (
    <figure className="flex flex-col gap-2">
      <svg
        role="img"
        aria-labelledby={titleId}
        aria-describedby={descId}
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-auto w-full text-slate-700 dark:text-slate-300"
      >
        <title id={titleId}>Zgłoszenia utworzone i zamknięte dziennie</title>
        <desc id={descId}>
          {first && last
            ? `Od ${shortDay(first.date)} do ${shortDay(last.date)}: utworzono ${created}, zamknięto ${closed}. Dokładne liczby są w tabeli poniżej.`
            : 'Brak danych.'}
        </desc>
        {layout.ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={LEFT}
              x2={WIDTH}
              y1={scaleY(tick)}
              y2={scaleY(tick)}
              className="stroke-slate-300 dark:stroke-white/15"
              strokeWidth={1}
            />
            <text
              x={LEFT - 6}
              y={scaleY(tick) + 4}
              textAnchor="end"
              className="fill-current text-[11px]"
            >
              {tick}
            </text>
          </g>
        ))}
        <g transform={`translate(${LEFT} ${TOP})`}>
          {layout.bars.map((bar) => (
            <rect
              key={`${bar.date}-${bar.kind}`}
              x={bar.x}
              y={bar.y}
              width={bar.width}
              height={bar.height}
              className={barClass[bar.kind]}
            />
          ))}
        </g>
        {first && last && (
          <>
            <text x={LEFT} y={HEIGHT - 6} className="fill-current text-[11px]">
              {shortDay(first.date)}
            </text>
            <text x={WIDTH} y={HEIGHT - 6} textAnchor="end" className="fill-current text-[11px]">
              {shortDay(last.date)}
            </text>
          </>
        )}
      </svg>
      <figcaption className="flex flex-wrap gap-4 text-sm text-slate-800 dark:text-slate-100">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="size-3 rounded-sm bg-blue-600 dark:bg-blue-400" />
          Utworzone
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span
            aria-hidden="true"
            className="size-3 rounded-sm bg-emerald-600 dark:bg-emerald-400"
          />
          Zamknięte
        </span>
      </figcaption>
    </figure>
  );
}
