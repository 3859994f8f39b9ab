/**
 * Geometry of the per-day chart on the statistics page: two bars a day
 * (created, closed) on a scale rounded up to a readable maximum. Pure, so
 * the numbers are tested without drawing.
 */

export interface DayCounts {
  date: string;
  created: number;
  closed: number;
}

export interface ChartBar {
  date: string;
  kind: 'created' | 'closed';
  value: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ChartLayout {
  bars: ChartBar[];
  /** Values of the horizontal grid lines, bottom to top (0 first). */
  ticks: number[];
  max: number;
}

/** 1, 2, 5, 10, 20, 50…: the smallest such step that gives at most `lines` lines. */
export function niceMax(value: number, lines = 4): { max: number; step: number } {
  if (value <= 0) return { max: lines, step: 1 };
  const rough = value / lines;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const wholeStep = Math.max(1, Math.round(step));
  return { max: Math.ceil(value / wholeStep) * wholeStep, step: wholeStep };
}

export function chartLayout(
  days: readonly DayCounts[],
  width: number,
  height: number,
): ChartLayout {
  const highest = Math.max(0, ...days.map((d) => Math.max(d.created, d.closed)));
  const { max, step } = niceMax(highest);
  const ticks: number[] = [];
  for (let tick = 0; tick <= max; tick += step) ticks.push(tick);
  const slot = days.length > 0 ? width / days.length : width;
  // Two bars and a gap per day; at least a hairline so a busy month still shows every bar.
  const barWidth = Math.max(0.5, (slot * 0.8) / 2);
  const bars: ChartBar[] = [];
  days.forEach((day, index) => {
    const left = index * slot + slot * 0.1;
    (['created', 'closed'] as const).forEach((kind, k) => {
      const value = day[kind];
      const barHeight = (value / max) * height;
      bars.push({
        date: day.date,
        kind,
        value,
        x: left + k * barWidth,
        y: height - barHeight,
        width: barWidth,
        height: barHeight,
      });
    });
  });
  return { bars, ticks, max };
}

const dayFormat = new Intl.DateTimeFormat('pl-PL', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** „3 lis” from „2026-11-03” (the date is already Warsaw's day; shown as is). */
export function shortDay(date: string): string {
  const parsed = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(parsed) ? date : dayFormat.format(parsed);
}
